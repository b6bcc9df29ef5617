import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { useUnsavedGuard } from './unsaved-guard';

export interface SingletonFormOptions<TRecord, TValues extends FieldValues> {
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
 * After a save, call `saved(values)` so the form counts as clean again.
 */
export const useSingletonForm = <TRecord, TValues extends FieldValues>({
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: refills only when the record changes
  useEffect(() => {
    if (record && !methods.formState.isDirty) methods.reset(toValues(record));
  }, [record]);

  const saved = (values: TValues) => methods.reset(values);
  return { methods, guard, saved };
};
