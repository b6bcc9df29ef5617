import { Banner } from '@atelier/ui/banner';
import type { ReactNode, Ref } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { Card, primaryButton } from '../card';
import type { useGuardedSubmit } from './use-guarded-submit';

/**
 * A form in a card (the account's profile and password, an invitation): the fields, the failure
 * of the last save shown inside the card (dismissible), and the submit button in the footer,
 * disabled and saying `busyLabel` while the save runs.
 */
export function FormCard<TValues extends FieldValues>({
  form,
  save,
  title,
  description,
  submitLabel,
  busyLabel,
  saveShortcut = false,
  formRef,
  submitClass = primaryButton,
  children,
}: {
  form: UseFormReturn<TValues>;
  /** The form's guarded submit (`useGuardedSubmit`). */
  save: ReturnType<typeof useGuardedSubmit>;
  title: string;
  description?: string;
  submitLabel: string;
  busyLabel: string;
  /** The button says that Ctrl/Cmd+S saves (the screen binds it with `useSaveShortcut`). */
  saveShortcut?: boolean;
  formRef?: Ref<HTMLFormElement>;
  /** The submit button's classes; the kit's primary button by default. */
  submitClass?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form ref={formRef} noValidate onSubmit={save.submit}>
        <Card
          title={title}
          description={description}
          footer={
            <button
              type="submit"
              disabled={save.busy}
              aria-keyshortcuts={saveShortcut ? 'Control+S Meta+S' : undefined}
              className={submitClass}
            >
              {save.busy ? busyLabel : submitLabel}
            </button>
          }
        >
          {save.failure.message && (
            <Banner tone="error" message={save.failure.message} onDismiss={save.failure.clear} />
          )}
          {children}
        </Card>
      </form>
    </FormProvider>
  );
}
