// jsdom has no Web Workers: route and page tests get ALTCHA's solver replaced by one that answers
// at once (with the answer of `test/proof-of-work.ts`); the challenge still comes from the API.
import type { ProofOfWorkChallenge } from '@atelier/api-client/api';
import { vi } from 'vitest';

vi.mock('@/lib/proof-of-work', async () => {
  const { answer } = await import('./proof-of-work');
  return {
    solveInWorkers: async (challenge: ProofOfWorkChallenge) => ({
      ...answer(),
      challenge: challenge.challenge,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  };
});
