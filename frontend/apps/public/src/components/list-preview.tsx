import { CARDS, field } from '@atelier/site/preview';
import { LoadingPlaceholder } from '@atelier/ui/skeleton';
import type { ComponentType } from 'react';
import { ServerPreview } from '@/lib/server-preview';

/** The grid a list's cards (and their skeletons) are drawn in. */
export const CARD_GRID_CLASS = 'grid gap-8 md:grid-cols-2 lg:grid-cols-3';

/** A card's width in that grid: three columns from 64rem, two from 48rem, else the screen. */
export const CARD_IMAGE_SIZES = '(min-width: 64rem) 24rem, (min-width: 48rem) 50vw, 100vw';

/**
 * A card's frame (its skeleton's too), the card, and its body: the same for a list's cards and the
 * previews the server fills in.
 */
export const CARD_FRAME_CLASS = 'overflow-hidden rounded-2xl bg-white shadow-md';
export const CARD_CLASS = `flex h-full flex-col ${CARD_FRAME_CLASS}`;
export const CARD_BODY_CLASS = 'flex flex-1 flex-col p-6';

/**
 * A list while its first answer loads: the first cards the server filled in, if it did (the
 * skeletons then stay hidden), else six skeleton cards announced as `label`.
 */
export function ListLoading({
  label,
  CardSkeleton,
}: {
  label: string;
  CardSkeleton: ComponentType;
}) {
  return (
    <>
      <ServerPreview />
      <LoadingPlaceholder label={label} className={CARD_GRID_CLASS}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <CardSkeleton key={index} />
        ))}
      </LoadingPlaceholder>
    </>
  );
}

/**
 * A list's page before its scripts run, as the server fills it in (`@atelier/site/preview`,
 * `site/content/lists.rs`): the count line ("12 posts"), then the grid the server puts the list's
 * whole first page of cards into, where the list's answer then draws them.
 */
export function ListPreview() {
  return (
    <>
      <p className="mb-6 text-sm text-gray-600">{field('count')}</p>
      <div className={CARD_GRID_CLASS}>{CARDS}</div>
    </>
  );
}
