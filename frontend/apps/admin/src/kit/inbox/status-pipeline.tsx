import type { ListState, ListStatePatch } from '../list/list-state';
import type { FilterOption } from '../resource';

/**
 * The inbox's status filter (chips sent to the server, 'All' first), as every inbox declares it:
 * `status: statusFilter(OPTIONS)`.
 */
export const statusFilter = (options: readonly FilterOption[]) => ({
  label: 'Status',
  allLabel: 'All',
  options,
});

export interface StatusPipelineProps<TStatus extends string> {
  /** The statuses in pipeline order. */
  steps: readonly { value: TStatus; label: string }[];
  /** How many records stand at each status; `undefined` while loading (a placeholder shows). */
  counts: Readonly<Record<TStatus, number>> | undefined;
  state: ListState;
  update: (patch: ListStatePatch) => void;
}

/**
 * The pipeline above an inbox: how many records stand at each status; a step filters the list to
 * its status (the inbox's `status` filter), and pressing it again shows every status.
 */
export function StatusPipeline<TStatus extends string>({
  steps,
  counts,
  state,
  update,
}: StatusPipelineProps<TStatus>) {
  const current = state.filters.status ?? '';
  return (
    <nav aria-label="Pipeline" className="overflow-x-auto">
      <ol className="flex min-w-max gap-2">
        {steps.map((step) => {
          const count = counts?.[step.value];
          const active = current === step.value;
          return (
            <li key={step.value} className="flex-1">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => update({ filters: { status: active ? '' : step.value } })}
                className={`w-full min-w-28 rounded-xl border px-3 py-2 text-left transition-colors ${
                  active
                    ? 'border-blue-600 bg-blue-50'
                    : 'border-gray-200 bg-white hover:border-gray-300 hover:bg-gray-50'
                }`}
              >
                <span className="block text-2xl font-bold text-gray-900">
                  {count === undefined ? (
                    <span className="inline-block h-7 w-8 animate-pulse rounded bg-gray-200" />
                  ) : (
                    count
                  )}
                </span>
                <span className="block text-xs font-medium text-gray-600">{step.label}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
