import { t } from '@atelier/messages/intl';
import { faStar } from '@fortawesome/free-solid-svg-icons/faStar';
import { faStarHalfStroke } from '@fortawesome/free-solid-svg-icons/faStarHalfStroke';
import type { ReactElement } from 'react';
import { Icon } from '../icon/icon';

export type StarKind = 'full' | 'half' | 'empty';

/** Five stars for a rating of 0 to 5: full, then a half star for a remaining half or more. */
export const starKinds = (rating: number): StarKind[] =>
  Array.from({ length: 5 }, (_, index) => {
    if (rating >= index + 1) return 'full';
    if (rating >= index + 0.5) return 'half';
    return 'empty';
  });

/** One star of a kind, as {@link StarRating} draws it. */
function Star({ kind }: { kind: StarKind }) {
  return (
    <Icon
      icon={kind === 'half' ? faStarHalfStroke : faStar}
      data-star={kind}
      className={kind === 'empty' ? 'text-gray-300' : 'text-yellow-500'}
      aria-hidden="true"
    />
  );
}

/**
 * One star of each kind (`star:full`, `star:half`, `star:empty`), for the pages whose ratings the
 * server writes (`pages.json` parts, `crates/adapters-http/src/site/content/`): it draws the
 * five stars of a rating from them as {@link StarRating} does.
 */
export const starParts = (): Record<string, ReactElement> => ({
  'star:full': <Star kind="full" />,
  'star:half': <Star kind="half" />,
  'star:empty': <Star kind="empty" />,
});

export function StarRating({ rating, className = '' }: { rating: number; className?: string }) {
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span
      role="img"
      aria-label={t('ui.rated', { value })}
      className={`inline-flex gap-0.5 ${className}`}
    >
      {starKinds(value).map((kind, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <Star key={index} kind={kind} />
      ))}
    </span>
  );
}
