import { CARDS } from '@atelier/site/preview';
import { Skeleton } from '@atelier/ui/skeleton';

/** The grid a list's cards (and their skeletons) are drawn in. */
export const CARD_GRID_CLASS = 'grid gap-8 md:grid-cols-2 lg:grid-cols-3';

/**
 * A list's page before its scripts run, as the server fills it in (`@atelier/site/preview`): a
 * stand-in for the count line, then the grid the server puts the list's first cards into, where the
 * list's answer then draws them.
 */
export function ListPreview() {
  return (
    <>
      <Skeleton className="mb-6 h-5 w-24" />
      <div className={CARD_GRID_CLASS}>{CARDS}</div>
    </>
  );
}
