import { getChallenge, type ProofOfWork, type ProofOfWorkChallenge } from '@atelier/api-client/api';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Where a form's proof of work stands: not asked for yet, being searched for, ready to send, or
 * failed (the challenge could not be fetched or solved; the next `take` tries again).
 */
export type ProofState = 'idle' | 'solving' | 'ready' | 'failed';

export interface ProofOfWorkOptions {
  /** Asks the server for a challenge (`GET /challenge`). */
  fetchChallenge?: () => Promise<ProofOfWorkChallenge>;
  /** Finds the answer; by default ALTCHA's solver in Web Workers, loaded on first use. */
  solve?: (challenge: ProofOfWorkChallenge) => Promise<ProofOfWork>;
}

/** An answer this close to its challenge's expiry is not sent: a fresh one is searched for. */
const EXPIRY_MARGIN_MS = 30_000;

interface Solved {
  proof: ProofOfWork;
  expiresAt: number;
}

const solveInWorkers = async (challenge: ProofOfWorkChallenge) =>
  (await import('@/lib/proof-of-work')).solveInWorkers(challenge);

/**
 * The proof of work a public form sends as `proofOfWork` (docs/spam.md). `prepare` starts the
 * search early (when the form is shown or first focused) so that sending is not delayed; `take`
 * hands over the answer (waiting for it when the search is still running) and starts the next
 * one, since each answer is accepted once. `waiting` is true while a send waits for the answer.
 */
export function useProofOfWork({
  fetchChallenge = getChallenge,
  solve = solveInWorkers,
}: ProofOfWorkOptions = {}) {
  const [state, setState] = useState<ProofState>('idle');
  const [waiting, setWaiting] = useState(false);
  const pending = useRef<Promise<Solved> | null>(null);
  const mounted = useRef(true);
  const sources = useRef({ fetchChallenge, solve });
  sources.current = { fetchChallenge, solve };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const prepare = useCallback((): Promise<Solved> => {
    if (pending.current) return pending.current;
    const { fetchChallenge: fetch, solve: search } = sources.current;
    setState('solving');
    const found = fetch().then(async (challenge) => ({
      proof: await search(challenge),
      expiresAt: Date.parse(challenge.expiresAt),
    }));
    pending.current = found;
    found.then(
      () => {
        if (mounted.current && pending.current === found) setState('ready');
      },
      () => {
        if (pending.current === found) pending.current = null;
        if (mounted.current) setState('failed');
      },
    );
    return found;
  }, []);

  const take = useCallback(async (): Promise<ProofOfWork> => {
    setWaiting(true);
    try {
      let solved = await prepare();
      if (solved.expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
        pending.current = null;
        solved = await prepare();
      }
      pending.current = null;
      if (mounted.current) setState('idle');
      return solved.proof;
    } finally {
      if (mounted.current) setWaiting(false);
    }
  }, [prepare]);

  const start = useCallback(() => {
    prepare().catch(() => undefined);
  }, [prepare]);

  return { state, waiting, prepare: start, take };
}
