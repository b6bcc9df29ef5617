//! The details panel's form: the item's title, alt text and tags, with Delete and Save Changes as
//! the role allows.
import { FormProvider } from 'react-hook-form';
import { primaryButton } from '@/kit/card';
import { ChipsField } from '@/kit/fields/chips-field';
import { TextAreaField, TextField } from '@/kit/fields/fields';
import { ConflictBanner } from '@/kit/versions/conflict-banner';
import { FieldLabelsProvider } from '@/kit/versions/field-labels';
import type { useMediaEdit } from './use-media-edit';

export function MediaEditForm({
  edit,
  mayUpdate,
  mayDelete,
  onDelete,
}: {
  edit: ReturnType<typeof useMediaEdit>;
  mayUpdate: boolean;
  mayDelete: boolean;
  onDelete: () => void;
}) {
  const { form, save, saveError, conflict, fieldLabels } = edit;
  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate className="space-y-4">
        {conflict && (
          <ConflictBanner conflict={conflict} record="media item" labels={fieldLabels} />
        )}
        <FieldLabelsProvider labels={fieldLabels}>
          <TextField name="title" label="Title" required />
          <TextAreaField
            name="alt"
            label="Alt text"
            hint="Describes the image for people who cannot see it."
            rows={3}
          />
          <ChipsField name="tags" label="Tags" placeholder="Type a tag and press Enter" />
        </FieldLabelsProvider>
        {saveError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {saveError}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-3">
          {mayDelete && (
            <button
              type="button"
              onClick={onDelete}
              className="inline-flex items-center rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              Delete
            </button>
          )}
          {mayUpdate && (
            <button
              type="submit"
              disabled={form.formState.isSubmitting || !form.formState.isDirty}
              className={primaryButton}
            >
              {form.formState.isSubmitting ? 'Saving...' : 'Save Changes'}
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
