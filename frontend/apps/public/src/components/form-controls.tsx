import type { ReactNode } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

export interface FormControlsProps {
  /** Layout of the controls (the form's own spacing). */
  className?: string;
  children: ReactNode;
}

/**
 * A form's controls, disabled while React adopts the pre-rendered page: before that, a typed value
 * would be reset by the form's registration and a click would submit the form natively (the values
 * in the address, nothing sent). Enabled from the render right after hydration; at once when nothing
 * was pre-rendered.
 */
export function FormControls({ className = '', children }: FormControlsProps) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className={`m-0 min-w-0 border-0 p-0 ${className}`.trim()}>
      {children}
    </fieldset>
  );
}
