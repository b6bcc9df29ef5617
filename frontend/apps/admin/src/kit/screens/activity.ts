import type { QueryFunction, QueryKey, skipToken } from '@tanstack/react-query';

/** One line of the dashboard's Recent Activity (back-office.md §2 Dashboard). */
export interface Activity {
  id: string;
  /** The source's kind: 'blog'. */
  kind: string;
  /** How the kind reads before the action: 'Blog post'. */
  label: string;
  title: string;
  /** 'created' or 'updated', from the record's two timestamps. */
  action: 'created' | 'updated';
  /** ISO time of the action. */
  at: string;
  /** Relative to /admin: where the record is edited. */
  link: string;
}

/** The feed keeps the 15 most recent activities. */
export const MAX_ACTIVITIES = 15;

export interface ActivityRecord {
  _id: string;
  createdAt: string;
  updatedAt?: string;
}

/** One source of the feed with its records fetched (what `recentActivities` reads). */
export interface ActivityFeedSource<TRecord extends ActivityRecord = ActivityRecord> {
  kind: string;
  /** How the kind reads before the action: 'Blog post'. */
  label: string;
  /** How many of its newest records the feed considers (back-office.md §2). */
  count: number;
  records: readonly TRecord[] | undefined;
  title: (record: TRecord) => string;
  link: (record: TRecord) => string;
}

/** What the query of a source needs: a generated `get…QueryOptions` result. */
export interface ActivityQuery {
  queryKey: QueryKey;
  queryFn?: QueryFunction<unknown> | typeof skipToken;
}

/**
 * How a screen's records appear in the dashboard's Recent Activity: the list call that reads them
 * (the generated `get…QueryOptions`, so the dashboard shares the call with any other of the same
 * key) and how one record reads.
 */
export interface ActivitySource<TData = unknown, TRecord extends ActivityRecord = ActivityRecord>
  extends Omit<ActivityFeedSource<TRecord>, 'records'> {
  query: ActivityQuery;
  records: (data: TData | undefined) => readonly TRecord[] | undefined;
}

const timeOf = (record: ActivityRecord) => {
  const created = Date.parse(record.createdAt);
  const updated = record.updatedAt ? Date.parse(record.updatedAt) : Number.NaN;
  // An update within a second of creation is the creation itself.
  return Number.isFinite(updated) && updated - created > 1_000
    ? { at: record.updatedAt ?? record.createdAt, action: 'updated' as const, time: updated }
    : { at: record.createdAt, action: 'created' as const, time: created };
};

/**
 * The 15 most recent activities: each source's newest records (its count of them), merged and
 * ordered newest first.
 */
export const recentActivities = (sources: readonly ActivityFeedSource[]): Activity[] => {
  const all: (Activity & { time: number })[] = [];
  for (const source of sources) {
    const newest = [...(source.records ?? [])]
      .map((record) => ({ record, ...timeOf(record) }))
      .filter((entry) => Number.isFinite(entry.time))
      .sort((a, b) => b.time - a.time)
      .slice(0, source.count);
    for (const entry of newest) {
      all.push({
        id: `${source.kind}-${entry.record._id}`,
        kind: source.kind,
        label: source.label,
        title: source.title(entry.record),
        action: entry.action,
        at: entry.at,
        time: entry.time,
        link: source.link(entry.record),
      });
    }
  }
  return all
    .sort((a, b) => b.time - a.time)
    .slice(0, MAX_ACTIVITIES)
    .map(({ time: _time, ...activity }) => activity);
};

/** Declares one feed source with its own record type (the feed only reads the common fields). */
export const activityFeedSource = <TRecord extends ActivityRecord>(
  source: ActivityFeedSource<TRecord>,
): ActivityFeedSource => source as unknown as ActivityFeedSource;

/** Declares a screen's activity with its own data and record types. */
export const activitySource = <TData, TRecord extends ActivityRecord>(
  source: ActivitySource<TData, TRecord>,
): ActivitySource => source as unknown as ActivitySource;
