import { describe, expect, it } from 'vitest';
import {
  activityFeedSource as activitySource,
  MAX_ACTIVITIES,
  recentActivities,
} from '@/kit/screens/activity';
import { changeText, dailyCounts, monthOverMonth } from './figures';

const minutesAgo = (minutes: number, now = Date.parse('2026-11-23T12:00:00Z')) =>
  new Date(now - minutes * 60_000).toISOString();

const records = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => ({
    _id: `id${offset + index}`,
    title: `Record ${offset + index}`,
    createdAt: minutesAgo(offset + index),
    updatedAt: minutesAgo(offset + index),
  }));

/** Each kind's count, as the screens declare them (`screen.ts`). */
const ACTIVITY_COUNTS = {
  blog: 5,
  portfolio: 3,
  testimonial: 3,
  faq: 3,
  projectRequest: 3,
  contact: 3,
  content: 2,
  category: 3,
};

const source = (kind: keyof typeof ACTIVITY_COUNTS, rows: ReturnType<typeof records>) =>
  activitySource({
    kind,
    label: kind,
    count: ACTIVITY_COUNTS[kind],
    records: rows,
    title: (row) => row.title,
    link: (row) => `/x/${row._id}`,
  });

describe('recentActivities', () => {
  it('takes at most each source its count of newest records', () => {
    const feed = recentActivities([source('blog', records(9)), source('content', records(9, 100))]);
    expect(feed.filter((activity) => activity.kind === 'blog')).toHaveLength(ACTIVITY_COUNTS.blog);
    expect(feed.filter((activity) => activity.kind === 'content')).toHaveLength(2);
    expect(feed.map((activity) => activity.title).slice(0, 2)).toEqual(['Record 0', 'Record 1']);
  });

  it('keeps the 15 most recent across all eight sources, newest first', () => {
    const kinds = Object.keys(ACTIVITY_COUNTS) as (keyof typeof ACTIVITY_COUNTS)[];
    const feed = recentActivities(kinds.map((kind, at) => source(kind, records(6, at * 10))));
    expect(feed).toHaveLength(MAX_ACTIVITIES);
    const times = feed.map((activity) => Date.parse(activity.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('calls a record updated only when it changed after it was created', () => {
    const [created, updated] = recentActivities([
      activitySource({
        kind: 'faq',
        label: 'FAQ',
        count: ACTIVITY_COUNTS.faq,
        records: [
          { _id: 'a', createdAt: minutesAgo(10), updatedAt: minutesAgo(10) },
          { _id: 'b', createdAt: minutesAgo(60), updatedAt: minutesAgo(5) },
        ],
        title: (row) => row._id,
        link: () => '/faq',
      }),
    ]);
    expect(created).toMatchObject({ title: 'b', action: 'updated' });
    expect(updated).toMatchObject({ title: 'a', action: 'created' });
  });

  it('is empty when every source is', () => {
    expect(
      recentActivities([
        source('blog', []),
        activitySource({
          kind: 'faq',
          label: 'FAQ',
          count: ACTIVITY_COUNTS.faq,
          records: undefined,
          title: () => '',
          link: () => '',
        }),
      ]),
    ).toEqual([]);
  });
});

describe('dashboard figures', () => {
  const now = new Date('2026-11-23T12:00:00');

  it('counts messages and requests per day over the last 30 days', () => {
    const days = dailyCounts(
      ['2026-11-23T09:00:00', '2026-11-23T10:00:00', '2026-10-01T10:00:00'],
      ['2026-10-25T10:00:00'],
      now,
    );
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe('2026-10-25');
    expect(days[0]).toMatchObject({ messages: 0, requests: 1 });
    expect(days.at(-1)).toEqual({ day: '2026-11-23', messages: 2, requests: 0 });
  });

  it('compares this month with last month', () => {
    const counts = monthOverMonth(
      [
        '2026-11-02T10:00:00',
        '2026-11-20T10:00:00',
        '2026-11-21T10:00:00',
        '2026-10-30T10:00:00',
        '2026-10-03T10:00:00',
        '2026-09-30T10:00:00',
      ],
      now,
    );
    expect(counts).toEqual({ thisMonth: 3, lastMonth: 2 });
    expect(changeText(counts)).toBe('Up 50% on last month');
    expect(changeText({ thisMonth: 1, lastMonth: 4 })).toBe('Down 75% on last month');
    expect(changeText({ thisMonth: 2, lastMonth: 0 })).toBe('New this month');
    expect(changeText({ thisMonth: 0, lastMonth: 0 })).toBe('Same as last month');
  });
});
