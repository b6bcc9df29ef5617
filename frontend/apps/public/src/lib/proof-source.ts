import type { ProofOfWork, ProofOfWorkChallenge } from '@atelier/api-client/api';

/** An answer this close to its challenge's expiry is not sent: a fresh one is searched for. */
const EXPIRY_MARGIN_MS = 30_000;

export interface ProofSources {
  /** Asks the server for a challenge: `getChallenge` (`GET /challenge`) unless a test says otherwise. */
  fetchChallenge?: () => Promise<ProofOfWorkChallenge>;
  /** Finds the answer; by default ALTCHA's solver in Web Workers, loaded on first use. */
  solve?: (challenge: ProofOfWorkChallenge) => Promise<ProofOfWork>;
}

interface Solved {
  proof: ProofOfWork;
  expiresAt: number;
}

const solveInWorkers = async (challenge: ProofOfWorkChallenge) =>
  (await import('./proof-of-work')).solveInWorkers(challenge);

/**
 * One form's proof of work (docs/spam.md), from `fetchChallenge` and `solve` (ALTCHA's solver in
 * Web Workers by default; this module imports nothing else, so loading it later costs one file): `prepare` starts the search (once, however often it is
 * called), `take` hands the answer over, waiting for it if need be and searching again when its
 * challenge is about to expire, and forgets it, since each answer is accepted once. `onChange`
 * hears `solving`, `ready`, `failed` and, after a `take`, `idle`.
 */
export function proofSource(
  fetchChallenge: () => Promise<ProofOfWorkChallenge>,
  solve: (challenge: ProofOfWorkChallenge) => Promise<ProofOfWork> = solveInWorkers,
  onChange: (state: 'idle' | 'solving' | 'ready' | 'failed') => void = () => undefined,
) {
  let pending: Promise<Solved> | null = null;
  const prepare = (): Promise<Solved> => {
    if (pending) return pending;
    onChange('solving');
    const found = fetchChallenge().then(async (challenge) => ({
      proof: await solve(challenge),
      expiresAt: Date.parse(challenge.expiresAt),
    }));
    pending = found;
    found.then(
      () => pending === found && onChange('ready'),
      () => {
        if (pending === found) pending = null;
        onChange('failed');
      },
    );
    return found;
  };
  const take = async (): Promise<ProofOfWork> => {
    let solved = await prepare();
    if (solved.expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
      pending = null;
      solved = await prepare();
    }
    pending = null;
    onChange('idle');
    return solved.proof;
  };
  return {
    prepare: () => {
      prepare().catch(() => undefined);
    },
    take,
  };
}
