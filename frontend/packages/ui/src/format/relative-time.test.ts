import { describe, expect, it } from 'vitest';
import { longDate, relativeTime } from './relative-time';

const NOW = new Date('2024-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('relativeTime', () => {
  it('says "Just now" under a minute', () => {
    expect(relativeTime(ago(59_000), NOW)).toBe('Just now');
  });

  it('counts minutes, then hours, then days', () => {
    expect(relativeTime(ago(60_000), NOW)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60_000), NOW)).toBe('59m ago');
    expect(relativeTime(ago(3 * 3_600_000), NOW)).toBe('3h ago');
    expect(relativeTime(ago(2 * 86_400_000), NOW)).toBe('2d ago');
    expect(relativeTime(ago(30 * 86_400_000), NOW)).toBe('30d ago');
  });

  it('shows the date after 30 days', () => {
    expect(relativeTime('2024-03-15T12:00:00Z', NOW)).toBe('Mar 15, 2024');
  });
});

describe('longDate', () => {
  it('writes the date in the long US format', () => {
    expect(longDate('2024-03-15T12:00:00Z')).toBe('March 15, 2024');
  });

  it('writes nothing for a missing or invalid date', () => {
    expect(longDate(undefined)).toBe('');
    expect(longDate('not a date')).toBe('');
  });
});
