import {
  type NewTag,
  type Tag,
  useCreateTag,
  useDeleteTag,
  useListTags,
  useUpdateTag,
} from '@atelier/api-client/api';
import { z } from 'zod';
import { ColorField } from '@/kit/fields/color-field';
import { SelectField, TextAreaField, TextField } from '@/kit/fields/fields';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { humanize } from '@/kit/values';
import { tagsScreen } from './screen';
import { TagLanguages } from './tags-translations';

export const TAG_TYPES = [
  { value: 'blog', label: 'Blog' },
  { value: 'portfolio', label: 'Portfolio' },
  { value: 'general', label: 'General' },
] as const;

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  description: z.string(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #10B981'),
  type: z.enum(['blog', 'portfolio', 'general']),
});
type Values = z.infer<typeof schema>;

export const tags = defineResource<Tag, Values, NewTag>({
  title: tagsScreen.title,
  addLabel: 'Add Tag',
  description: 'Tags label blog posts and portfolio projects; each has a colour.',
  list: {
    mode: 'client',
    useRows: () => fromQuery(useListTags(), (rows) => ({ rows })),
    search: {
      placeholder: 'Search tags…',
      text: (row) => `${row.name} ${row.slug} ${row.description}`,
    },
    filters: [
      {
        key: 'type',
        label: 'Type',
        allLabel: 'All Types',
        kind: 'chips',
        options: TAG_TYPES,
        match: (row, value) => row.type === value,
      },
    ],
    columns: [
      {
        header: 'Name',
        cell: (row) => (
          <span className="flex items-center gap-2 font-medium text-gray-900">
            <span
              aria-hidden="true"
              className="h-3 w-3 shrink-0 rounded-full border border-black/10"
              style={{ backgroundColor: row.color }}
            />
            {row.name}
          </span>
        ),
      },
      { header: 'Slug', cell: (row) => <code className="text-xs">{row.slug}</code> },
      {
        header: 'Description',
        className: 'hidden md:table-cell',
        cell: (row) => row.description,
      },
      { header: 'Count', cell: (row) => row.count },
      { header: 'Type', cell: (row) => humanize(row.type) },
    ],
    empty: 'No tags found. Create your first tag!',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.name,
  },
  form: {
    variant: 'modal',
    schema,
    defaults: { name: '', description: '', color: '#10B981', type: 'blog' },
    fromRecord: (row) => ({
      name: row.name,
      description: row.description,
      color: row.color,
      type: row.type,
    }),
    toInput: (values) => ({ ...values, color: values.color.toUpperCase() }),
    fields: () => (
      <>
        <TextField name="name" label="Name" required />
        <TextAreaField name="description" label="Description" />
        <ColorField name="color" label="Color" />
        <SelectField name="type" label="Type" options={TAG_TYPES} />
      </>
    ),
    titles: { create: 'Add Tag', edit: 'Edit Tag' },
    around: TagLanguages,
    presence: 'tag',
  },
  api: {
    useCreate: useCreateTag,
    useUpdate: useUpdateTag,
    useDelete: useDeleteTag,
    invalidates: ['/tags', '/blog/tags', '/blog/posts', '/portfolio'],
    operations: { create: 'createTag', update: 'updateTag', delete: 'deleteTag' },
  },
  messages: {
    created: 'Tag created successfully!',
    updated: 'Tag updated successfully!',
    deleted: 'Tag deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this tag?',
    plural: 'tags',
  },
});

export default function TagsScreen() {
  return <ResourceScreen definition={tags} />;
}
