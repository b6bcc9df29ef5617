import type { ProofOfWork, ProofOfWorkChallenge } from '@atelier/api-client/api';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, challenge } from '@/test/proof-of-work';
import { useProofOfWork } from './use-proof-of-work';

/** A solver the test finishes by hand. */
const manualSolver = () => {
  const finish: ((proof: ProofOfWork) => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const solve = vi.fn(
    (_: ProofOfWorkChallenge) =>
      new Promise<ProofOfWork>((resolve, reject) => {
        finish.push(resolve);
        fail.push(reject);
      }),
  );
  return { solve, finish, fail };
};

describe('useProofOfWork', () => {
  it('searches once however often it is prepared, and is ready before the form is sent', async () => {
    const fetchChallenge = vi.fn(async () => challenge());
    const { solve, finish } = manualSolver();
    const { result } = renderHook(() => useProofOfWork({ fetchChallenge, solve }));
    expect(result.current.state).toBe('idle');

    act(() => {
      result.current.prepare();
      result.current.prepare();
    });
    expect(result.current.state).toBe('solving');
    await waitFor(() => expect(solve).toHaveBeenCalledTimes(1));
    expect(fetchChallenge).toHaveBeenCalledTimes(1);

    await act(async () => finish[0]?.(answer()));
    expect(result.current.state).toBe('ready');
    expect(result.current.waiting).toBe(false);
  });

  it('makes a send wait for the answer, says so, then uses the answer once', async () => {
    const fetchChallenge = vi.fn(async () => challenge());
    const { solve, finish } = manualSolver();
    const { result } = renderHook(() => useProofOfWork({ fetchChallenge, solve }));

    let taken: Promise<ProofOfWork> | undefined;
    act(() => {
      taken = result.current.take();
    });
    expect(result.current.waiting).toBe(true);
    await waitFor(() => expect(solve).toHaveBeenCalledTimes(1));
    await act(async () => finish[0]?.(answer()));
    await expect(taken).resolves.toEqual(answer());
    expect(result.current.waiting).toBe(false);
    expect(result.current.state).toBe('idle');

    act(() => {
      void result.current.take();
    });
    await waitFor(() => expect(fetchChallenge).toHaveBeenCalledTimes(2));
  });

  it('reports a failed search and tries again on the next send', async () => {
    const fetchChallenge = vi
      .fn<() => Promise<ProofOfWorkChallenge>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(challenge());
    const solve = vi.fn(async () => answer());
    const { result } = renderHook(() => useProofOfWork({ fetchChallenge, solve }));

    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.state).toBe('failed'));
    let proof: ProofOfWork | undefined;
    await act(async () => {
      proof = await result.current.take();
    });
    expect(proof).toEqual(answer());
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
  });

  it('does not send an answer whose challenge is about to expire: it searches again', async () => {
    const stale = { ...challenge('old'), expiresAt: new Date(Date.now() + 5_000).toISOString() };
    const fetchChallenge = vi
      .fn<() => Promise<ProofOfWorkChallenge>>()
      .mockResolvedValueOnce(stale)
      .mockResolvedValue(challenge('new'));
    const solve = vi.fn(async (asked: ProofOfWorkChallenge) => ({ ...answer(), salt: asked.salt }));
    const { result } = renderHook(() => useProofOfWork({ fetchChallenge, solve }));

    let proof: ProofOfWork | undefined;
    await act(async () => {
      proof = await result.current.take();
    });
    expect(proof?.salt).toBe(challenge('new').salt);
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
  });
});
