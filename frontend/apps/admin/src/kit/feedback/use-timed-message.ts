import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after `ms` (a form's or dialog's own error banner). */
export const useTimedMessage = (ms: number) => {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage('');
  }, []);
  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(''), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
};
