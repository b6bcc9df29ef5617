import { getChallenge, type ProofOfWork } from '@atelier/api-client/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ProofSources, proofSource } from '@/lib/proof-source';

/**
 * Where a form's proof of work stands: not asked for yet, being searched for, ready to send, or
 * failed (the challenge could not be fetched or solved; the next `take` tries again).
 */
export type ProofState = 'idle' | 'solving' | 'ready' | 'failed';

export type ProofOfWorkOptions = ProofSources;

/**
 * The proof of work a public form sends as `proofOfWork` (docs/spam.md), as React state:
 * `prepare` starts the search early (when the form is shown) so that sending is not delayed; `take`
 * hands over the answer (waiting for it when the search is still running) and forgets it, since
 * each answer is accepted once. `waiting` is true while a send waits for the answer.
 */
export function useProofOfWork(sources: ProofOfWorkOptions = {}) {
  const [state, setState] = useState<ProofState>('idle');
  const [waiting, setWaiting] = useState(false);
  const mounted = useRef(true);
  const source = useRef<ReturnType<typeof proofSource> | null>(null);
  source.current ??= proofSource(sources.fetchChallenge ?? getChallenge, sources.solve, (next) => {
    if (mounted.current) setState(next);
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const prepare = useCallback(() => source.current?.prepare(), []);
  const take = useCallback(async (): Promise<ProofOfWork> => {
    const current = source.current;
    if (!current) throw new Error('The proof of work is not set up');
    setWaiting(true);
    try {
      return await current.take();
    } finally {
      if (mounted.current) setWaiting(false);
    }
  }, []);

  return { state, waiting, prepare, take };
}
