import {
  leavePresence,
  type PresenceEntry,
  type PresenceKind,
  touchPresence,
} from '@atelier/api-client/api';
import { useEffect, useState } from 'react';

/** How often an open form says it is still open (the server forgets a person after 30 s). */
export const HEARTBEAT_MS = 10_000;

const ignore = () => {};

/**
 * The other people with a record open for editing: while mounted with an `id`, says every 10 s
 * that this person has the record open (the first time at once) and keeps the server's answer;
 * says it left when unmounted, when `id` changes, and when the page goes away (`pagehide`). No
 * `id` (a record being created) sends nothing. A failed heartbeat keeps the last answer: presence
 * is a courtesy and never stands in the way of editing.
 */
export function usePresence(kind: PresenceKind, id: string | undefined): PresenceEntry[] {
  const [others, setOthers] = useState<PresenceEntry[]>([]);

  useEffect(() => {
    if (!id) return;
    let active = true;
    const beat = () => {
      touchPresence(kind, id).then((answer) => {
        if (active) setOthers(answer);
      }, ignore);
    };
    const leave = () => {
      leavePresence(kind, id, { keepalive: true }).catch(ignore);
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    window.addEventListener('pagehide', leave);
    return () => {
      active = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
      setOthers([]);
    };
  }, [kind, id]);

  return others;
}
