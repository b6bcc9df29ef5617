import {
  type Category,
  type NewCategory,
  useCreateBlogCategory,
  useDeleteBlogCategory,
  useListBlogCategories,
  useUpdateBlogCategory,
} from '@atelier/api-client/api';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { serverMessageOr } from '@/kit/errors';
import {
  CheckboxField,
  FieldRow,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from '@/kit/fields/fields';
import { StatusBadge } from '@/kit/list/status-badge';
import { ACTIVE_STATUSES, rowStatusFilter } from '@/kit/list/status-filter';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { plural, shortDate, slugify, toInt } from '@/kit/values';
import { CategoryLanguages } from './categories-translations';
import { categoriesScreen } from './screen';

const schema = z.object({
  displayName: z.string().trim().min(1, 'Display Name is required'),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters and digits separated by hyphens'),
  description: z.string(),
  order: z.string(),
  status: z.enum(['active', 'inactive']),
  featured: z.boolean(),
});
type Values = z.infer<typeof schema>;

/** On create, the slug follows the display name until it is edited by hand. */
function SlugFollowsName() {
  const { control, setValue, getFieldState, formState } = useFormContext<Values>();
  const displayName = useWatch({ control, name: 'displayName' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the display name only
  useEffect(() => {
    if (!getFieldState('slug', formState).isDirty) {
      setValue('slug', slugify(displayName ?? ''), { shouldValidate: false });
    }
  }, [displayName]);
  return null;
}

export const categories = defineResource<Category, Values, NewCategory>({
  title: categoriesScreen.title,
  addLabel: 'Add Category',
  description: 'Blog categories, their order on the site and how many posts each holds.',
  list: {
    mode: 'client',
    useRows: () => fromQuery(useListBlogCategories({ type: 'blog' }), (rows) => ({ rows })),
    search: {
      placeholder: 'Search categories…',
      text: (row) => `${row.displayName} ${row.name} ${row.slug} ${row.description}`,
    },
    filters: [rowStatusFilter()],
    columns: [
      {
        header: 'Name',
        cell: (row) => (
          <div>
            <span className="flex items-center gap-2 font-medium text-gray-900">
              {row.displayName}
              {row.featured && (
                <span
                  role="img"
                  aria-label="Featured"
                  title="Featured"
                  className="h-2 w-2 rounded-full bg-yellow-400"
                />
              )}
            </span>
            <span className="text-xs text-gray-500">{row.name}</span>
          </div>
        ),
      },
      { header: 'Slug', cell: (row) => <code className="text-xs">{row.slug}</code> },
      {
        header: 'Description',
        className: 'hidden md:table-cell',
        cell: (row) =>
          row.description || <span className="text-gray-500 italic">No description</span>,
      },
      { header: 'Posts Count', cell: (row) => plural(row.postCount, 'post') },
      { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    ],
    empty: 'No categories found. Create your first category!',
    actions: ['view', 'edit', 'delete'],
    rowLabel: (row) => row.displayName,
  },
  form: {
    variant: 'modal',
    schema,
    defaults: {
      displayName: '',
      slug: '',
      description: '',
      order: '0',
      status: 'active',
      featured: false,
    },
    fromRecord: (row) => ({
      displayName: row.displayName,
      slug: row.slug,
      description: row.description,
      order: String(row.order),
      status: row.status,
      featured: row.featured,
    }),
    // On create the internal name is the slug; on edit it stays what it was.
    toInput: (values, row) => ({
      displayName: values.displayName,
      slug: values.slug,
      name: row ? row.name : values.slug,
      description: values.description,
      order: Math.max(0, toInt(values.order)),
      status: values.status,
      featured: values.featured,
    }),
    fields: (mode) => (
      <>
        {mode === 'create' && <SlugFollowsName />}
        <FieldRow>
          <TextField name="displayName" label="Display Name" required />
          <TextField name="slug" label="Slug" required />
        </FieldRow>
        <TextAreaField name="description" label="Description" />
        <FieldRow>
          <NumberField name="order" label="Order" min={0} />
          <SelectField name="status" label="Status" options={ACTIVE_STATUSES} />
        </FieldRow>
        <CheckboxField name="featured" label="Featured Category" />
      </>
    ),
    titles: { create: 'Add Category', edit: 'Edit Category' },
    around: CategoryLanguages,
    presence: 'category',
  },
  view: (row) => (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="font-medium text-gray-500">Display name</dt>
      <dd>{row.displayName}</dd>
      <dt className="font-medium text-gray-500">Slug</dt>
      <dd>{row.slug}</dd>
      <dt className="font-medium text-gray-500">Description</dt>
      <dd>{row.description || 'No description'}</dd>
      <dt className="font-medium text-gray-500">Status</dt>
      <dd>
        <StatusBadge status={row.status} />
      </dd>
      <dt className="font-medium text-gray-500">Order</dt>
      <dd>{row.order}</dd>
      <dt className="font-medium text-gray-500">Posts</dt>
      <dd>{plural(row.postCount, 'post')}</dd>
      <dt className="font-medium text-gray-500">Featured</dt>
      <dd>{row.featured ? 'Yes' : 'No'}</dd>
      <dt className="font-medium text-gray-500">Created</dt>
      <dd>{shortDate(row.createdAt)}</dd>
      <dt className="font-medium text-gray-500">Updated</dt>
      <dd>{shortDate(row.updatedAt)}</dd>
    </dl>
  ),
  api: {
    useCreate: useCreateBlogCategory,
    useUpdate: useUpdateBlogCategory,
    useDelete: useDeleteBlogCategory,
    invalidates: ['/blog/categories', '/blog/posts'],
    operations: {
      create: 'createBlogCategory',
      update: 'updateBlogCategory',
      delete: 'deleteBlogCategory',
    },
  },
  messages: {
    created: 'Category created successfully!',
    updated: 'Category updated successfully!',
    deleted: 'Category deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this category?',
    plural: 'categories',
    saveError: (error) =>
      `Error: ${serverMessageOr(error, error instanceof Error && error.message ? error.message : 'Failed to save category')}`,
  },
});

export default function CategoriesScreen() {
  return <ResourceScreen definition={categories} />;
}
