import type { ReactNode } from 'react';

/** A grey pulsing block standing in for content of the same size. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded bg-gray-200 ${className}`} />;
}

export interface LoadingPlaceholderProps {
  /** Announced to assistive technology, e.g. 'Loading projects'. */
  label: string;
  /** Skeletons shaped like the content, so nothing moves when it arrives. */
  children: ReactNode;
  className?: string;
}

/** Holds the space of content that is loading, and says so to assistive technology. */
export function LoadingPlaceholder({ label, children, className = '' }: LoadingPlaceholderProps) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
