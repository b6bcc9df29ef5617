import { type MediaItem, useDeleteMedia, useUpdateMedia } from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { primaryButton, secondaryButton } from '@/kit/card';
import { applyServerErrors, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { ChipsField } from '@/kit/fields/chips-field';
import { TextAreaField, TextField } from '@/kit/fields/fields';
import { invalidatePrefixes } from '@/kit/invalidate';
import { useCan } from '@/kit/permissions';
import { shortDateTime } from '@/kit/values';
import { ConflictBanner } from '@/kit/versions/conflict-banner';
import { FieldLabelsProvider, useFieldLabels } from '@/kit/versions/field-labels';
import { ASKED, useVersionedSave } from '@/kit/versions/use-versioned-save';
import { dimensions, fileSize, srcSetOf, thumbnailUrl } from './media-values';

export const DELETE_QUESTION = 'Are you sure you want to delete this media item?';

const schema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  alt: z.string().trim().max(500, 'Alt text must be at most 500 characters'),
  tags: z
    .array(z.string())
    .max(20, 'At most 20 tags are allowed')
    .refine(
      (tags) => tags.every((tag) => tag.trim().length <= 50),
      'Each tag must be at most 50 characters',
    ),
});
type Values = z.infer<typeof schema>;

const valuesOf = (item: MediaItem): Values => ({
  title: item.title,
  alt: item.alt,
  tags: item.tags,
});

/** What the details panel shows of an item: its preview and facts, its editable fields, delete. */
export function MediaDetails({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const banners = useBanners();
  const client = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(item) });
  const update = useUpdateMedia();
  const remove = useDeleteMedia();
  const can = useCan();
  const mayUpdate = can('updateMedia', item);
  const mayDelete = can('deleteMedia', item);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const [saveError, setSaveError] = useState('');
  const [copied, setCopied] = useState(false);

  // What the form was opened with, and the version it was: a stale save merges against them.
  const opened = useRef({ values: valuesOf(item), version: item.version });
  const fieldLabels = useFieldLabels();
  const resubmit = useRef<() => Promise<unknown>>(async () => undefined);
  const versioned = useVersionedSave<MediaItem, Values>({
    base: () => opened.current.values,
    mine: () => form.getValues(),
    toValues: valuesOf,
    save: (values, version) => update.mutateAsync({ id: item._id, data: { ...values, version } }),
    load: (values, current) => {
      opened.current = { values: valuesOf(current), version: current.version };
      form.reset(values, { keepDirty: true });
    },
    resubmit: () => resubmit.current(),
  });

  // Another item opened in the same panel: its values, and the focus on its name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the item changes only
  useEffect(() => {
    opened.current = { values: valuesOf(item), version: item.version };
    versioned.dismiss();
    form.reset(valuesOf(item));
    setSaveError('');
    setCopied(false);
    heading.current?.focus();
  }, [item._id]);

  const save = form.handleSubmit(async (values) => {
    setSaveError('');
    try {
      const stored = await versioned.save(values, opened.current.version);
      // Both sides changed a field: the banner asks, the form stays as typed.
      if (stored === ASKED) return;
      const saved = stored as MediaItem;
      opened.current = { values: valuesOf(saved), version: saved.version };
      form.reset(values);
      await invalidatePrefixes(client, ['/media']);
      banners.success('Media item updated successfully!');
    } catch (error) {
      if (applyServerErrors(form, error) === 0)
        setSaveError(serverMessageOr(error, 'Failed to update media item'));
    }
  });

  resubmit.current = () => save();

  const confirmDelete = async () => {
    setDeleteError('');
    try {
      await remove.mutateAsync({ id: item._id });
      setConfirming(false);
      await invalidatePrefixes(client, ['/media']);
      banners.success('Media item deleted successfully!');
      onClose();
    } catch (error) {
      // A 409 says where the item is still shown.
      setDeleteError(serverMessageOr(error, 'Failed to delete media item'));
    }
  };

  // The address relative to the site (`/media/…`): it works on every host the site answers on.
  const url = item.url;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const facts: [string, string][] = [
    ['File name', item.fileName || '—'],
    ['Type', item.mimeType],
    ['Size', fileSize(item.size)],
    ['Dimensions', dimensions(item)],
    ['Uploaded', shortDateTime(item.createdAt)],
  ];

  return (
    <aside aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 break-words text-lg font-semibold text-gray-900 focus:outline-none"
        >
          {item.title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close details"
          className="-m-1 rounded-md p-1 text-2xl leading-none text-gray-500 hover:bg-gray-100 hover:text-gray-800"
        >
          ×
        </button>
      </div>

      <Preview item={item} />

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-gray-600">{term}</dt>
            <dd className="min-w-0 break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>

      <div>
        <label
          htmlFor={`${headingId}-url`}
          className="mb-1 block text-sm font-medium text-gray-700"
        >
          URL
        </label>
        <div className="flex gap-2">
          <input
            id={`${headingId}-url`}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 text-sm text-gray-800"
          />
          <button type="button" onClick={copy} className={secondaryButton}>
            Copy
          </button>
        </div>
        <p role="status" className="mt-1 min-h-5 text-sm text-green-700">
          {copied ? 'Link copied' : ''}
        </p>
      </div>

      {(mayUpdate || mayDelete) && (
        <FormProvider {...form}>
          <form onSubmit={save} noValidate className="space-y-4">
            {versioned.conflict && (
              <ConflictBanner
                conflict={versioned.conflict}
                record="media item"
                labels={fieldLabels}
              />
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
                  onClick={() => {
                    setDeleteError('');
                    setConfirming(true);
                  }}
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
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete Media Item"
        message={DELETE_QUESTION}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </aside>
  );
}

function Preview({ item }: { item: MediaItem }) {
  if (item.kind === 'image') {
    return (
      <img
        src={thumbnailUrl(item, 960)}
        srcSet={srcSetOf(item) || undefined}
        sizes="(min-width: 1024px) 22rem, 100vw"
        alt={item.alt}
        className="max-h-72 w-full rounded-lg bg-gray-100 object-contain"
      />
    );
  }
  if (item.kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a preview of an uploaded file; captions are the author's
      <video
        src={item.url}
        controls
        preload="metadata"
        className="max-h-72 w-full rounded-lg bg-black"
      />
    );
  }
  return (
    <a
      href={item.url}
      target="_blank"
      rel="noreferrer"
      className="flex h-32 items-center justify-center rounded-lg bg-gray-100 text-sm font-medium text-blue-700 hover:underline"
    >
      Open {item.fileName || 'the document'}
    </a>
  );
}
