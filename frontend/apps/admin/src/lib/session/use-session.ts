import { useContext } from 'react';
import { SessionContext, type SessionContextValue } from './session-context';

/** The back-office session; only inside `SessionProvider`. */
export const useSession = (): SessionContextValue => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
};
