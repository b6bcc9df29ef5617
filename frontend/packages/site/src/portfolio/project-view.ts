import type { PortfolioProject } from '@atelier/api-client/api';

/** Shown when a project has no image. */
export const FALLBACK_PROJECT_IMAGE = '/images/demo/project-1.svg';

/** How wide a project page draws its image: two thirds of the page from 64rem, else the screen. */
export const PROJECT_IMAGE_SIZES =
  '(min-width: 80rem) 50rem, (min-width: 64rem) 64vw, calc(100vw - 2rem)';

export const projectImage = (project: Pick<PortfolioProject, 'image'>) =>
  project.image?.trim() || FALLBACK_PROJECT_IMAGE;

/** Names for ids; an id without a match is shown as the raw id. */
export const namesFor = (ids: readonly string[], names: ReadonlyMap<string, string>): string[] =>
  ids.map((id) => names.get(id) ?? id);

/** The first `max` items and how many more there are ('+N more'). */
export const firstAndRest = <T>(items: readonly T[], max: number) => ({
  shown: items.slice(0, max),
  more: Math.max(0, items.length - max),
});

/** The year a project was completed, or '' when unknown. */
export const completionYear = (completedAt: string | null | undefined) => {
  if (!completedAt) return '';
  const time = Date.parse(completedAt);
  return Number.isNaN(time) ? '' : String(new Date(time).getUTCFullYear());
};
