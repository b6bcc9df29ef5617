import type { ProofOfWork, ProofOfWorkChallenge } from '@atelier/api-client/api';

/** How many workers search a challenge at once: the device's cores, at most four. */
const MAX_WORKERS = 4;

/**
 * Solves a challenge from `GET /challenge` off the main thread, with ALTCHA's own solver
 * (`altcha-lib`, its v1 format: the number whose SHA-256 after the salt is the challenge) spread
 * over Web Workers; the page stays responsive while it runs. Loaded only when a form needs it.
 * Rejects when no number up to `maxnumber` solves it (a challenge that was not the server's).
 */
export async function solveInWorkers(challenge: ProofOfWorkChallenge): Promise<ProofOfWork> {
  const [{ solveChallengeWorkers }, { default: SolverWorker }] = await Promise.all([
    import('altcha-lib/v1'),
    import('altcha-lib/v1/worker?worker'),
  ]);
  const workers = Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
  const solution = await solveChallengeWorkers(
    () => new SolverWorker(),
    workers,
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  );
  if (!solution) throw new Error('The challenge has no answer');
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
}
