import type { FilterOption } from '../resource';

export interface StatusButtonsProps {
  /** Names the group, e.g. 'Update Status'. */
  label: string;
  options: readonly FilterOption[];
  current: string;
  busy: boolean;
  onSelect: (value: string) => void;
}

/**
 * One button per status (back-office.md §2: 'Mark as Read', the seven Update Status buttons); the
 * current status's button is disabled and marked pressed, every button waits while a change runs.
 */
export function StatusButtons({ label, options, current, busy, onSelect }: StatusButtonsProps) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-gray-700">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const isCurrent = option.value === current;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isCurrent}
              disabled={isCurrent || busy}
              onClick={() => onSelect(option.value)}
              className={`rounded-lg px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed ${
                isCurrent
                  ? 'bg-blue-600 text-white'
                  : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 disabled:opacity-60'
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
