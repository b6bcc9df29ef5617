import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { useUnsavedGuard } from './unsaved-guard';

export interface SingletonFormOptions<
  TRecord extends { version?: number },
  TValues extends FieldValues,
> {
  schema: ZodType<TValues>;
  /** The values before the record arrives (and when there is none yet). */
  defaults: TValues;
  /** The stored record, once loaded; `null` when the server has none. */
  record: TRecord | null | undefined;
  toValues: (record: TRecord) => TValues;
}

/**
 * The form of a one-record screen (settings, contact details): filled when the record arrives
 * (unless the admin already typed), guarded against leaving with unsaved changes.
 * `opened` is what the form was filled from and that record's version: a save sends that version
 * and a stale one merges against those values (`kit/versions`, with `load`). After a save, call
 * `saved(values, record)` with the stored record, so the form counts as clean again.
 */
export const useSingletonForm = <
  TRecord extends { version?: number },
  TValues extends FieldValues,
>({
  schema,
  defaults,
  record,
  toValues,
}: SingletonFormOptions<TRecord, TValues>) => {
  const methods = useForm<TValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TValues>,
    defaultValues: defaults as DefaultValues<TValues>,
  });
  const { isDirty } = methods.formState;
  const guard = useUnsavedGuard(isDirty);

  const opened = useRef<{ values: TValues; version: number }>({ values: defaults, version: 1 });
  const open = (from: TRecord) => {
    opened.current = { values: toValues(from), version: from.version ?? 1 };
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: refills only when the record changes
  useEffect(() => {
    if (record && !methods.formState.isDirty) {
      open(record);
      methods.reset(opened.current.values);
    }
  }, [record]);

  /** After a save: `record` is what the server stored (its answer), the form's new start. */
  const saved = (values: TValues, stored?: unknown) => {
    if (stored && typeof stored === 'object') open(stored as TRecord);
    methods.reset(values);
  };
  /** Puts `values` in the form, as typed, now starting from `current` (after a stale save). */
  const load = (values: TValues, current: TRecord) => {
    open(current);
    methods.reset(values, { keepDirty: true });
  };
  return { methods, guard, saved, opened, load, toValues };
};
