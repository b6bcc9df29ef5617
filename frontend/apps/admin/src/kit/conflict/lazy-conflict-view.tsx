import { type ComponentType, lazy, Suspense } from 'react';
import type { ConflictViewProps } from './conflict-view';
import type { FieldValues } from './field-merge';

type AnyView = ComponentType<ConflictViewProps<FieldValues>>;

/** The conflict view with its diff and merge libraries, fetched when a save first answers 409. */
const View = lazy(() =>
  import('./conflict-view').then((module) => ({ default: module.ConflictView as AnyView })),
);

/** The {@link ConflictView}, loaded only once it opens, so forms never download it up front. */
export function LazyConflictView<TValues extends FieldValues>(props: ConflictViewProps<TValues>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <View {...(props as unknown as ConflictViewProps<FieldValues>)} />
    </Suspense>
  );
}
