import { Icon } from '@atelier/ui/icon';
import { faArrowDown, faArrowUp } from '@fortawesome/free-solid-svg-icons';

export type MoveDirection = 'up' | 'down';

export interface MoveButtonsProps {
  /** Names the row: 'Move Ada Lovelace up'. */
  label: string;
  isFirst: boolean;
  isLast: boolean;
  busy?: boolean;
  onMove: (direction: MoveDirection) => void;
}

/** Up and down arrows for a row's order; up is disabled on the first row, down on the last. */
export function MoveButtons({ label, isFirst, isLast, busy = false, onMove }: MoveButtonsProps) {
  const button =
    'rounded-md p-1.5 text-gray-600 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-30';
  return (
    <span className="inline-flex">
      <button
        type="button"
        aria-label={`Move ${label} up`}
        disabled={isFirst || busy}
        onClick={() => onMove('up')}
        className={button}
      >
        <Icon icon={faArrowUp} className="h-3.5 w-3.5" />
      </button>
      <button
        type="button"
        aria-label={`Move ${label} down`}
        disabled={isLast || busy}
        onClick={() => onMove('down')}
        className={button}
      >
        <Icon icon={faArrowDown} className="h-3.5 w-3.5" />
      </button>
    </span>
  );
}
