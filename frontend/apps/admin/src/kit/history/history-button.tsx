import { Icon } from '@atelier/ui/icon';
import { faClockRotateLeft } from '@fortawesome/free-solid-svg-icons';

/** 'History': opens a record's history panel; `className` places and sizes it among its buttons. */
export function HistoryButton({ onClick, className }: { onClick: () => void; className: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`${className} inline-flex items-center gap-2 border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
    >
      <Icon icon={faClockRotateLeft} className="h-3.5 w-3.5" />
      History
    </button>
  );
}
