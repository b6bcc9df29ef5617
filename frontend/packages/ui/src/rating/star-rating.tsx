import { faStar, faStarHalfStroke } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '../icon/icon';

export type StarKind = 'full' | 'half' | 'empty';

/** Five stars for a rating of 0 to 5: full, then a half star for a remaining half or more. */
export const starKinds = (rating: number): StarKind[] =>
  Array.from({ length: 5 }, (_, index) => {
    if (rating >= index + 1) return 'full';
    if (rating >= index + 0.5) return 'half';
    return 'empty';
  });

export function StarRating({ rating, className = '' }: { rating: number; className?: string }) {
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of 5`}
      className={`inline-flex gap-0.5 ${className}`}
    >
      {starKinds(value).map((kind, index) => (
        <Icon
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
          key={index}
          icon={kind === 'half' ? faStarHalfStroke : faStar}
          data-star={kind}
          className={kind === 'empty' ? 'text-gray-300' : 'text-yellow-500'}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
