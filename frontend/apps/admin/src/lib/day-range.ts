/** The ranges the Insights screen offers, kept in the address (`?days=30` or `?from=…&to=…`). */

export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];

/** The longest range the server answers, in days. */
export const MAX_DAYS = 1096;

export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of a date, in UTC (the statistics' days are UTC days). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

const parse = (day: string): Date | null => {
  if (!DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== day ? null : date;
};

export const addDays = (day: string, days: number): string => {
  const date = parse(day) ?? new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
};

/** How many days a range holds, both ends included. */
export const lengthOf = (range: DayRange): number => {
  const from = parse(range.from);
  const to = parse(range.to);
  if (!from || !to) return 0;
  return Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
};

/** The last `days` days up to and including `today`. */
export const lastDays = (days: number, today: string): DayRange => ({
  from: addDays(today, -(days - 1)),
  to: today,
});

/** Why a custom range cannot be asked for, or `null` when it can. */
export const rangeProblem = (range: DayRange, today: string): string | null => {
  if (!parse(range.from) || !parse(range.to)) return 'Choose both days.';
  if (range.to < range.from) return 'The last day must not be before the first.';
  if (range.to > addDays(today, 1)) return 'The range must not lie in the future.';
  if (lengthOf(range) > MAX_DAYS) return `A range holds at most ${MAX_DAYS} days.`;
  return null;
};

export type Choice = { kind: 'preset'; days: Preset } | { kind: 'custom'; range: DayRange };

/** The range the address asks for: a valid custom range, a preset, or the last 30 days. */
export const choiceOf = (search: URLSearchParams, today: string): Choice => {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && !rangeProblem({ from, to }, today)) {
    return { kind: 'custom', range: { from, to } };
  }
  const days = Number(search.get('days'));
  const preset = PRESETS.find((candidate) => candidate === days);
  return { kind: 'preset', days: preset ?? 30 };
};

export const rangeOf = (choice: Choice, today: string): DayRange =>
  choice.kind === 'custom' ? choice.range : lastDays(choice.days, today);

/** A day as the screen writes it: `Nov 28`, or `Nov 28, 2025` when `withYear`. */
export const dayLabel = (day: string, withYear = false): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    ...(withYear ? { year: 'numeric' } : {}),
  });

/** `+12.5%`, `−3%`, or `–` when there is nothing to compare with. */
export const changeLabel = (change: number | null | undefined): string => {
  if (change === null || change === undefined) return '–';
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}%`;
};

export const rateLabel = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? '–' : `${rate}%`;
