//! Editing a media item in the details panel: its form, the save (merging with a newer version
//! when someone else saved meanwhile) and the save's failure.
import { type MediaItem, useUpdateMedia } from '@atelier/api-client/api';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { invalidatePrefixes } from '@/kit/invalidate';
import { useFieldLabels } from '@/kit/versions/field-labels';
import { ASKED, useVersionedSave } from '@/kit/versions/use-versioned-save';
import { schema, type Values, valuesOf } from './media-form';

/** `onItemChange` runs when another item is opened in the same panel (after the form's reset). */
export const useMediaEdit = (item: MediaItem, onItemChange: () => void) => {
  const banners = useBanners();
  const client = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(item) });
  const update = useUpdateMedia();
  const [saveError, setSaveError] = useState('');

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

  // Another item opened in the same panel: its values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the item changes only
  useEffect(() => {
    opened.current = { values: valuesOf(item), version: item.version };
    versioned.dismiss();
    form.reset(valuesOf(item));
    setSaveError('');
    onItemChange();
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

  return { form, save, saveError, conflict: versioned.conflict, fieldLabels };
};
