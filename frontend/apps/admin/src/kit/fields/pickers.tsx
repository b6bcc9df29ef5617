import type { TagType } from '@atelier/api-client/api';
import {
  getListTagsQueryKey,
  useCreateTag,
  useListTags,
  useListTechnologies,
} from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { MultiPicker, type PickerOption } from '@atelier/ui/multi-picker';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useControlledField } from './field-base';

export const tagsMaxMessage = (max: number) => `Maximum ${max} tag(s) selected`;
export const technologiesMaxMessage = (max: number) => `Maximum ${max} technology(ies) selected`;
export const NO_TAGS = 'No tags found';
export const NO_TECHNOLOGIES = 'No technologies found';
/** The picker's offer to create a tag from the typed name. */
export const createTagLabel = (name: string) => `Create tag “${name}”`;

interface PickerFieldProps {
  name: string;
  label: string;
  max?: number;
}

const useIds = (name: string, label: string) => {
  const { field, error } = useControlledField(name, label);
  const value: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  return { value, onChange: field.onChange, error };
};

/**
 * The options offered plus the chosen records the offer leaves out (a tag of another type, a
 * technology since made inactive), so every chosen one is shown by its name, never its id.
 */
const withChosen = (
  offered: readonly PickerOption[],
  every: readonly PickerOption[],
  chosen: readonly string[],
): PickerOption[] => {
  const known = new Set(offered.map((option) => option.value));
  const missing: PickerOption[] = [];
  for (const option of every) {
    if (!chosen.includes(option.value) || known.has(option.value)) continue;
    known.add(option.value);
    missing.push(option);
  }
  return [...offered, ...missing];
};

/** Why a tag was not created, in the server's words (a 422's field message first). */
const createFailure = (error: unknown): Error => {
  if (error instanceof ApiError) {
    const field = error.errors?.name ?? Object.values(error.errors ?? {})[0];
    return new Error(field ?? error.message);
  }
  return error instanceof Error ? error : new Error('The tag was not created');
};

/**
 * Chooses tags by id (optionally of one type), at most `max`. A name no tag has can be created
 * here ('Create tag “x”', or Enter in the search box): it is created through the API (of the
 * picker's type) and chosen.
 */
export function TagsField({
  name,
  label,
  max,
  type,
  createType = type,
}: PickerFieldProps & {
  type?: TagType;
  /** The type a tag created here gets: the picker's own type unless told otherwise. */
  createType?: TagType;
}) {
  const { value, onChange, error } = useIds(name, label);
  const queryClient = useQueryClient();
  const tags = useListTags(type ? { type } : undefined);
  const offered = (tags.data ?? []).map((tag) => ({
    value: tag._id,
    label: tag.name,
    color: tag.color,
  }));
  const missing = tags.isSuccess && value.some((id) => !offered.some((o) => o.value === id));
  const every = useListTags(undefined, { query: { enabled: Boolean(type) && missing } });
  const everyOption = (every.data ?? []).map((tag) => ({
    value: tag._id,
    label: tag.name,
    color: tag.color,
  }));
  const createTag = useCreateTag();
  // Tags created here are named at once, before the tag lists are fetched again.
  const [created, setCreated] = useState<PickerOption[]>([]);
  const onCreate = async (tagName: string) => {
    try {
      const tag = await createTag.mutateAsync({
        data: { name: tagName, ...(createType ? { type: createType } : {}) },
      });
      setCreated((before) => [...before, { value: tag._id, label: tag.name, color: tag.color }]);
      void queryClient.invalidateQueries({ queryKey: [getListTagsQueryKey()[0]] });
      return tag._id;
    } catch (failure) {
      throw createFailure(failure);
    }
  };
  return (
    <MultiPicker
      label={label}
      options={withChosen(offered, [...everyOption, ...created], value)}
      value={value}
      onChange={onChange}
      max={max}
      maxMessage={tagsMaxMessage}
      emptyText={NO_TAGS}
      loading={tags.isPending}
      error={error}
      onCreate={onCreate}
      createLabel={createTagLabel}
    />
  );
}

/** Chooses active technologies by id, at most `max`; a chosen inactive one is still named. */
export function TechnologiesField({ name, label, max }: PickerFieldProps) {
  const { value, onChange, error } = useIds(name, label);
  const technologies = useListTechnologies({ status: 'active' });
  const offered = (technologies.data?.data ?? []).map((technology) => ({
    value: technology._id,
    label: technology.name,
    color: technology.color,
  }));
  const missing =
    technologies.isSuccess && value.some((id) => !offered.some((o) => o.value === id));
  const every = useListTechnologies(undefined, { query: { enabled: missing } });
  const everyOption = (every.data?.data ?? []).map((technology) => ({
    value: technology._id,
    label: `${technology.name} (inactive)`,
    color: technology.color,
  }));
  return (
    <MultiPicker
      label={label}
      options={withChosen(offered, everyOption, value)}
      value={value}
      onChange={onChange}
      max={max}
      maxMessage={technologiesMaxMessage}
      emptyText={NO_TECHNOLOGIES}
      loading={technologies.isPending}
      error={error}
    />
  );
}
