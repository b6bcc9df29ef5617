import { useEffect } from 'react';

/** Logs a failed load once per error, next to the message the visitor sees. */
export const useLogError = (error: unknown, message: string) => {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
};
