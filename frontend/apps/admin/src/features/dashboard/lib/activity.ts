/** One line of the dashboard's Recent Activity (back-office.md §2 Dashboard). */
export interface Activity {
  id: string;
  kind: ActivityKind;
  title: string;
  /** 'created' or 'updated', from the record's two timestamps. */
  action: 'created' | 'updated';
  /** ISO time of the action. */
  at: string;
  /** Relative to /admin: where the record is edited. */
  link: string;
}

export type ActivityKind =
  | 'blog'
  | 'portfolio'
  | 'testimonial'
  | 'faq'
  | 'projectRequest'
  | 'contact'
  | 'content'
  | 'category';

/** How many of each source's newest records the feed considers (back-office.md §2). */
export const ACTIVITY_COUNTS: Readonly<Record<ActivityKind, number>> = {
  blog: 5,
  portfolio: 3,
  testimonial: 3,
  faq: 3,
  projectRequest: 3,
  contact: 3,
  content: 2,
  category: 3,
};

/** The feed keeps the 15 most recent activities. */
export const MAX_ACTIVITIES = 15;

export const ACTIVITY_LABELS: Readonly<Record<ActivityKind, string>> = {
  blog: 'Blog post',
  portfolio: 'Portfolio project',
  testimonial: 'Testimonial',
  faq: 'FAQ',
  projectRequest: 'Project request',
  contact: 'Contact message',
  content: 'Content page',
  category: 'Category',
};

export interface ActivityRecord {
  _id: string;
  createdAt: string;
  updatedAt?: string;
}

export interface ActivitySource<TRecord extends ActivityRecord> {
  kind: ActivityKind;
  records: readonly TRecord[] | undefined;
  title: (record: TRecord) => string;
  link: (record: TRecord) => string;
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
export const recentActivities = (
  sources: readonly ActivitySource<ActivityRecord>[],
): Activity[] => {
  const all: (Activity & { time: number })[] = [];
  for (const source of sources) {
    const newest = [...(source.records ?? [])]
      .map((record) => ({ record, ...timeOf(record) }))
      .filter((entry) => Number.isFinite(entry.time))
      .sort((a, b) => b.time - a.time)
      .slice(0, ACTIVITY_COUNTS[source.kind]);
    for (const entry of newest) {
      all.push({
        id: `${source.kind}-${entry.record._id}`,
        kind: source.kind,
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

/** Declares one source with its own record type (the feed only reads the common fields). */
export const activitySource = <TRecord extends ActivityRecord>(
  source: ActivitySource<TRecord>,
): ActivitySource<ActivityRecord> => source as unknown as ActivitySource<ActivityRecord>;
