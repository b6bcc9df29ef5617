import { t } from '@atelier/messages/intl';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** A project completed within this many years is labelled 'Recent Project'. */
export const RECENT_PROJECT_YEARS = 2;

/** Whole years between `completedAt` and `now` (0 when unknown or in the future). */
export const yearsSince = (completedAt: string | null | undefined, now: Date): number => {
  if (!completedAt) return 0;
  const time = Date.parse(completedAt);
  if (Number.isNaN(time)) return 0;
  return Math.max(0, Math.floor((now.getTime() - time) / YEAR_MS));
};

/**
 * The displayed star rating is derived, not stored (public-site.md §2): 4.8 if featured else 4.5,
 * minus 0.1 per year since completion, never below 4.
 */
export const derivedRating = (
  project: { featured: boolean; completedAt?: string | null },
  now = new Date(),
): number => {
  const base = project.featured ? 4.8 : 4.5;
  const rating = base - 0.1 * yearsSince(project.completedAt, now);
  return Math.max(4, Math.round(rating * 10) / 10);
};

/** 'Recent Project' within 2 years of completion, otherwise 'Completed Project'. */
export const completionLabel = (completedAt: string | null | undefined, now = new Date()) => {
  if (!completedAt || Number.isNaN(Date.parse(completedAt))) return t('project.completedLabel');
  const age = now.getTime() - Date.parse(completedAt);
  return age <= RECENT_PROJECT_YEARS * YEAR_MS ? t('project.recent') : t('project.completedLabel');
};
