import { type ComponentType, lazy, Suspense } from 'react';
import type { HistoryPanelProps } from './history-panel';

type AnyPanel = ComponentType<HistoryPanelProps<unknown, unknown>>;

/** The history panel and its diff library, fetched when 'History' is first opened. */
const Panel = lazy(() =>
  import('./history-panel').then((module) => ({ default: module.HistoryPanel as AnyPanel })),
);

/** The {@link HistoryPanel}, loaded on first use so list screens never download it. */
export function LazyHistoryPanel<TRecord, TValues>(props: HistoryPanelProps<TRecord, TValues>) {
  return (
    <Suspense fallback={null}>
      <Panel {...(props as unknown as HistoryPanelProps<unknown, unknown>)} />
    </Suspense>
  );
}
