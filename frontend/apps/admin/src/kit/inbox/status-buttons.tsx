import type { ApiError } from '@atelier/api-client/http';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRowAction } from '../list/use-row-action';
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

/**
 * The detail pane's status control: the status buttons saving the chosen status of the record at
 * once through the screen's status mutation, with its banners (back-office.md §4).
 */
export function StatusControl<TStatus extends string>({
  label,
  options,
  recordId,
  version,
  current,
  useUpdate,
  invalidates,
  success,
  failure,
}: {
  label: string;
  options: readonly { value: TStatus; label: string }[];
  recordId: string;
  /** The record's version: a status change is an update of it. */
  version: number;
  current: TStatus;
  /** The generated status mutation, e.g. `useUpdateContactStatus`. */
  useUpdate: () => UseMutationResult<
    unknown,
    ApiError,
    { id: string; data: { status: TStatus; version: number } },
    unknown
  >;
  invalidates: readonly string[];
  /** The success banner. */
  success: string;
  /** The error banner when the server gives no reason. */
  failure: string;
}) {
  const status = useRowAction(useUpdate(), invalidates);
  return (
    <StatusButtons
      label={label}
      options={options}
      current={current}
      busy={status.busy}
      onSelect={(value) =>
        void status.run(
          { id: recordId, data: { status: value as TStatus, version } },
          success,
          failure,
        )
      }
    />
  );
}
