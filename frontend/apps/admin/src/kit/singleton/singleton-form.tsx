//! The form of a one-record screen (settings, contact details): the record's presence, the banner
//! of a stale save, and the fields, inside the form's providers.
import type { PresenceKind } from '@atelier/api-client/api';
import type { FormEventHandler, ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { RecordPresence } from '../presence/presence-banner';
import { ConflictBanner } from '../versions/conflict-banner';
import { type FieldLabels, FieldLabelsProvider } from '../versions/field-labels';
import type { OpenConflict } from '../versions/use-versioned-save';

export interface SingletonFormProps<TRecord, TValues extends FieldValues> {
  methods: UseFormReturn<TValues>;
  /** The form's field labels (`useFieldLabels`), named by the conflict banner. */
  labels: FieldLabels;
  /** Who else has the record open (the one record is `current`). */
  presence: PresenceKind;
  /** The open conflict of a stale save (`useVersionedSave`), if any. */
  conflict: OpenConflict<TRecord, TValues> | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** After the form, inside the providers: the unsaved-changes dialog. */
  after?: ReactNode;
}

export function SingletonForm<TRecord, TValues extends FieldValues>({
  methods,
  labels,
  presence,
  conflict,
  onSubmit,
  children,
  after,
}: SingletonFormProps<TRecord, TValues>) {
  return (
    <FormProvider {...methods}>
      <FieldLabelsProvider labels={labels}>
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          <RecordPresence kind={presence} id="current" />
          {conflict && <ConflictBanner conflict={conflict} record="page" labels={labels} />}
          {children}
        </form>
      </FieldLabelsProvider>
      {after}
    </FormProvider>
  );
}
