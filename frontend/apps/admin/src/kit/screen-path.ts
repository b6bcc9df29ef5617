//! Where a kit screen is: its own path and what the address asks of it (the list, a new record,
//! one record to edit or view).
import { useLocation, useParams } from 'react-router';

export type Target = { kind: 'list' } | { kind: 'new' } | { kind: 'edit' | 'view'; id: string };

/** What the part of the address after the screen's own path asks for. */
export const parseTarget = (rest: string): Target => {
  const [first, id] = rest.split('/');
  if (first === 'new') return { kind: 'new' };
  if ((first === 'edit' || first === 'view') && id) return { kind: first, id };
  return { kind: 'list' };
};

/** The screen's own path (relative to /admin) and what follows it. */
export const useScreenPath = () => {
  const { pathname, search } = useLocation();
  const rest = useParams()['*'] ?? '';
  const base = pathname.slice(0, pathname.length - rest.length).replace(/\/+$/, '');
  return { base, rest, search };
};
