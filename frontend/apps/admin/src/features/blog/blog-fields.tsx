import { useListBlogCategories } from '@atelier/api-client/api';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '@/kit/fields/fields';
import { slugify } from '@/kit/values';
import { useSession } from '@/lib/session/use-session';
import type { Values } from './blog-values';

/**
 * back-office.md §5: a title change derives the slug and copies the title into the meta title.
 * The slug follows only while creating (the server keeps a post's address when its title
 * changes), and neither follows once edited by hand.
 */
export function TitleFollowers({ mode }: { mode: 'create' | 'edit' }) {
  const { control, setValue, getFieldState, formState, getValues } = useFormContext<Values>();
  const title = useWatch({ control, name: 'title' });
  const previous = useRef(title);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the title only
  useEffect(() => {
    if (title === previous.current) return;
    const before = previous.current;
    previous.current = title;
    // Only the admin's typing is followed: a reset (a restored version) brings a whole record,
    // its own slug and meta title included.
    if (!getFieldState('title', formState).isDirty) return;
    if (mode === 'create' && !getFieldState('slug', formState).isDirty) {
      setValue('slug', slugify(title ?? ''));
    }
    const meta = getValues('metaTitle');
    if (meta === '' || meta === before) setValue('metaTitle', title ?? '', { shouldDirty: true });
  }, [title]);
  return null;
}

/** A text's length against its guide ('42/60'); longer is allowed (§5), and said so. */
export function Counter({ name, guide }: { name: 'metaTitle' | 'metaDescription'; guide: number }) {
  const value = useWatch<Values>({ name }) as string | undefined;
  const length = (value ?? '').length;
  return (
    <span className={length > guide ? 'font-medium text-amber-700' : undefined}>
      {length}/{guide}
      {length > guide ? ' — longer than search engines show' : ''}
    </span>
  );
}

/** The post's category, from the blog's categories. */
export function CategoryField() {
  const categories = useListBlogCategories({ type: 'blog' });
  const options = [
    { value: '', label: categories.isPending ? 'Loading categories…' : 'No category' },
    ...(categories.data ?? []).map((category) => ({
      value: category._id,
      label: category.displayName || category.name,
    })),
  ];
  return (
    <SelectField
      name="category"
      label="Category"
      options={options}
      loading={categories.isPending}
    />
  );
}

export const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'in_review', label: 'In review' },
  { value: 'published', label: 'Published' },
];

/**
 * The post's status: a Contributor writes drafts only, so Published is not offered (the server
 * refuses it). In review is offered only to keep a post there: a post enters review by being
 * submitted (the form's "Submit for review").
 */
export function StatusField() {
  const mayPublish = useSession().user?.role !== 'contributor';
  const inReview = useFormContext<Values>().formState.defaultValues?.status === 'in_review';
  const options = STATUS_OPTIONS.filter(
    (option) =>
      (option.value !== 'published' || mayPublish) && (option.value !== 'in_review' || inReview),
  );
  return <SelectField name="status" label="Status" options={options} />;
}
