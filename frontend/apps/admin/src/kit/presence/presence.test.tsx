import type { PresenceEntry } from '@atelier/api-client/api';
import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceBanner } from './presence-banner';
import { HEARTBEAT_MS, usePresence } from './use-presence';

const ID = '65f1c2a9b4e8d70012345678';
const PATH = `/api/presence/post/${ID}`;

const ana: PresenceEntry = {
  account: { id: '65f1c2a9b4e8d700000000a1', name: 'Ana Ruiz' },
  since: '2026-01-05T15:04:00Z',
};
const ben: PresenceEntry = {
  account: { id: '65f1c2a9b4e8d700000000b2', name: 'Ben Okafor' },
  since: '2026-01-05T15:10:00Z',
};

const calls = (requests: readonly Request[], method: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === PATH)
    .length;

describe('usePresence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats at once and every 10 s, keeps the answer, and leaves on unmount', async () => {
    let answer: PresenceEntry[] = [ana];
    const { requests } = mockApi({
      [`PUT ${PATH}`]: () => json(200, answer),
      [`DELETE ${PATH}`]: () => new Response(null, { status: 204 }),
    });
    const { result, unmount } = renderHook(() => usePresence('post', ID));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls(requests, 'PUT')).toBe(1);
    expect(result.current).toEqual([ana]);

    answer = [ana, ben];
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1));
    expect(calls(requests, 'PUT')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls(requests, 'PUT')).toBe(2);
    expect(result.current).toEqual([ana, ben]);

    unmount();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    expect(calls(requests, 'DELETE')).toBe(1);
    expect(calls(requests, 'PUT')).toBe(2);
  });

  it('leaves when the page goes away', async () => {
    const { requests } = mockApi({ [`PUT ${PATH}`]: () => json(200, []) });
    renderHook(() => usePresence('post', ID));
    await act(() => vi.advanceTimersByTimeAsync(0));
    window.dispatchEvent(new Event('pagehide'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls(requests, 'DELETE')).toBe(1);
  });

  it('sends nothing for a record being created, and keeps the last answer when a beat fails', async () => {
    const { requests, fetchMock } = mockApi({ [`PUT ${PATH}`]: () => json(200, [ana]) });
    const { unmount } = renderHook(() => usePresence('post', undefined));
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2));
    unmount();
    expect(fetchMock).not.toHaveBeenCalled();

    const { result } = renderHook(() => usePresence('post', ID));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toEqual([ana]);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_MS));
    expect(result.current).toEqual([ana]);
    expect(calls(requests, 'PUT')).toBe(1);
  });
});

describe('PresenceBanner', () => {
  it('says who else is editing, one line each, as a status', () => {
    render(<PresenceBanner others={[ana, ben]} />);
    const status = screen.getByRole('status');
    const lines = Array.from(status.querySelectorAll('p')).map((line) => line.textContent);
    const time = (iso: string) =>
      new Date(iso).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
    expect(lines).toEqual([
      `Ana Ruiz is editing this since ${time(ana.since)}`,
      `Ben Okafor is editing this since ${time(ben.since)}`,
    ]);
  });

  it('shows nothing when nobody else is there', () => {
    const { container } = render(<PresenceBanner others={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
