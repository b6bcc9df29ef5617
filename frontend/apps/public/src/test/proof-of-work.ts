import type { ProofOfWork, ProofOfWorkChallenge } from '@atelier/api-client/api';
import type { ProofOfWorkOptions } from '@/hooks/use-proof-of-work';

/** A challenge as `GET /challenge` sends one, valid for an hour from now. */
export const challenge = (salt = 'a1b2'): ProofOfWorkChallenge => ({
  algorithm: 'SHA-256',
  challenge: 'c'.repeat(64),
  maxnumber: 1000,
  salt: `${salt}?expires=4102444800&`,
  signature: 's'.repeat(64),
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
});

/** The answer the fake solver finds for `challenge(salt)`. */
export const answer = (salt = 'a1b2'): ProofOfWork => ({
  algorithm: 'SHA-256',
  challenge: 'c'.repeat(64),
  number: 42,
  salt: `${salt}?expires=4102444800&`,
  signature: 's'.repeat(64),
  took: 3,
});

/** A proof of work found at once, so a form test is about the form. */
export const instantProof = (): ProofOfWorkOptions => ({
  fetchChallenge: async () => challenge(),
  solve: async () => answer(),
});
