import type { ReactNode } from 'react';

export interface ErrorBoxProps {
  children: ReactNode;
  className?: string;
}

/** A red box announcing a failure to the user. */
export function ErrorBox({ children, className = '' }: ErrorBoxProps) {
  return (
    <div
      role="alert"
      className={`rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-center text-red-700 ${className}`}
    >
      {children}
    </div>
  );
}
