import type { TagType } from '@atelier/api-client/api';
import { useListTags, useListTechnologies } from '@atelier/api-client/api';
import { MultiPicker } from '@atelier/ui/multi-picker';
import { useController, useFormContext } from 'react-hook-form';

export const tagsMaxMessage = (max: number) => `Maximum ${max} tag(s) selected`;
export const technologiesMaxMessage = (max: number) => `Maximum ${max} technology(ies) selected`;
export const NO_TAGS = 'No tags found';
export const NO_TECHNOLOGIES = 'No technologies found';

interface PickerFieldProps {
  name: string;
  label: string;
  max?: number;
}

const useIds = (name: string) => {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const value: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  return { value, onChange: field.onChange, error: fieldState.error?.message };
};

/** Chooses tags by id (optionally of one type), at most `max`. */
export function TagsField({ name, label, max, type }: PickerFieldProps & { type?: TagType }) {
  const { value, onChange, error } = useIds(name);
  const tags = useListTags(type ? { type } : undefined);
  return (
    <MultiPicker
      label={label}
      options={(tags.data ?? []).map((tag) => ({
        value: tag._id,
        label: tag.name,
        color: tag.color,
      }))}
      value={value}
      onChange={onChange}
      max={max}
      maxMessage={tagsMaxMessage}
      emptyText={NO_TAGS}
      loading={tags.isPending}
      error={error}
    />
  );
}

/** Chooses active technologies by id, at most `max`. */
export function TechnologiesField({ name, label, max }: PickerFieldProps) {
  const { value, onChange, error } = useIds(name);
  const technologies = useListTechnologies({ status: 'active' });
  return (
    <MultiPicker
      label={label}
      options={(technologies.data?.data ?? []).map((technology) => ({
        value: technology._id,
        label: technology.name,
        color: technology.color,
      }))}
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
