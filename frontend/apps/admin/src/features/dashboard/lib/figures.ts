const DAY = 24 * 60 * 60 * 1000;

/** A day's counts for the 30-day chart. */
export interface DayCount {
  /** `YYYY-MM-DD`, local time. */
  day: string;
  messages: number;
  requests: number;
}

const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Contact messages and project requests received on each of the last `days` days, oldest first. */
export const dailyCounts = (
  messages: readonly string[],
  requests: readonly string[],
  now = new Date(),
  days = 30,
): DayCount[] => {
  const result: DayCount[] = [];
  const index = new Map<string, DayCount>();
  for (let back = days - 1; back >= 0; back -= 1) {
    const entry = { day: dayKey(new Date(now.getTime() - back * DAY)), messages: 0, requests: 0 };
    result.push(entry);
    index.set(entry.day, entry);
  }
  const count = (times: readonly string[], field: 'messages' | 'requests') => {
    for (const iso of times) {
      const time = Date.parse(iso);
      if (!Number.isFinite(time)) continue;
      const entry = index.get(dayKey(new Date(time)));
      if (entry) entry[field] += 1;
    }
  };
  count(messages, 'messages');
  count(requests, 'requests');
  return result;
};

/** How many of `times` fall in this calendar month and in the previous one. */
export const monthOverMonth = (times: readonly string[], now = new Date()) => {
  const thisStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  const lastStart = new Date(now.getFullYear(), now.getMonth() - 1, 1).getTime();
  let thisMonth = 0;
  let lastMonth = 0;
  for (const iso of times) {
    const time = Date.parse(iso);
    if (time >= thisStart && time <= now.getTime()) thisMonth += 1;
    else if (time >= lastStart && time < thisStart) lastMonth += 1;
  }
  return { thisMonth, lastMonth };
};

/** 'Up 50% on last month', 'Down 20% on last month', 'Same as last month', 'New this month'. */
export const changeText = ({ thisMonth, lastMonth }: { thisMonth: number; lastMonth: number }) => {
  if (thisMonth === lastMonth) return 'Same as last month';
  if (lastMonth === 0) return 'New this month';
  const percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
  return percent > 0 ? `Up ${percent}% on last month` : `Down ${-percent}% on last month`;
};
