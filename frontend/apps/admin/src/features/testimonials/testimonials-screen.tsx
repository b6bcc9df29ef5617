import {
  type NewTestimonial,
  type Testimonial,
  useCreateTestimonial,
  useDeleteTestimonial,
  useListTestimonials,
  useUpdateTestimonial,
} from '@atelier/api-client/api';
import { StarRating } from '@atelier/ui/star-rating';
import { z } from 'zod';
import {
  CheckboxField,
  FieldRow,
  SelectField,
  TextAreaField,
  TextField,
} from '@/kit/fields/fields';
import { StatusBadge } from '@/kit/list/status-badge';
import { rowStatusFilter } from '@/kit/list/status-filter';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { plainText, shortDate } from '@/kit/values';
import { testimonialsScreen } from './screen';
import { TestimonialLanguages } from './testimonials-translations';

export const NO_CONTENT = 'No content available';
const STATUSES = [
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
] as const;
/** Ratings from 1 to 5 (back-office.md §3), best first. */
/** The server's ratings: 1 to 5 in half stars, so a stored 4.5 is shown as it is. */
const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1].map((rating) => ({
  value: String(rating),
  label: `${rating} star${rating === 1 ? '' : 's'}`,
}));

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  company: z.string().trim().min(1, 'Company is required'),
  content: z.string(),
  rating: z.string(),
  status: z.enum(['approved', 'pending', 'rejected']),
  featured: z.boolean(),
});
type Values = z.infer<typeof schema>;

export const testimonials = defineResource<Testimonial, Values, NewTestimonial>({
  title: testimonialsScreen.title,
  addLabel: 'Add Testimonial',
  description: 'What clients say about the agency; only approved ones appear on the site.',
  list: {
    mode: 'client',
    useRows: () =>
      fromQuery(useListTestimonials({ limit: 1000 }), (data) => ({
        rows: [...data.testimonials].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      })),
    search: {
      placeholder: 'Search testimonials…',
      text: (row) => `${row.name} ${row.company} ${row.content}`,
    },
    filters: [rowStatusFilter(STATUSES, { allLabel: 'All', kind: 'chips' })],
    card: (row, actions) => (
      <>
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="font-semibold text-gray-900">{row.name}</p>
            <p className="text-sm text-gray-500">{row.company}</p>
          </div>
          <StatusBadge status={row.status} />
        </div>
        <div className="mt-2 flex items-center gap-2">
          <StarRating rating={row.rating} className="text-yellow-400" />
          {row.featured && (
            <span className="rounded bg-yellow-100 px-1.5 py-0.5 text-xs text-yellow-800">
              Featured
            </span>
          )}
        </div>
        <p className="mt-3 line-clamp-4 flex-1 text-sm text-gray-700">
          {plainText(row.content) || <span className="text-gray-500 italic">{NO_CONTENT}</span>}
        </p>
        <div className="mt-4 flex items-center justify-between border-t border-gray-100 pt-3">
          <span className="text-xs text-gray-500">{shortDate(row.createdAt)}</span>
          {actions}
        </div>
      </>
    ),
    rowClassName: (row) => (row.status === 'pending' ? 'border-l-4 border-l-amber-400' : ''),
    empty: 'No testimonials found. Add your first testimonial to get started!',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.name,
  },
  form: {
    variant: 'inline',
    schema,
    defaults: {
      name: '',
      company: '',
      content: '',
      rating: '5',
      status: 'approved',
      featured: false,
    },
    fromRecord: (row) => ({
      name: row.name,
      company: row.company,
      content: row.content,
      rating: String(row.rating),
      status: row.status,
      featured: row.featured,
    }),
    toInput: ({ rating, ...values }) => ({ ...values, rating: Number(rating) }),
    fields: () => (
      <>
        <FieldRow>
          <TextField name="name" label="Name" required />
          <TextField name="company" label="Company" required />
        </FieldRow>
        <TextAreaField name="content" label="Content" rows={5} />
        <FieldRow>
          <SelectField name="rating" label="Rating" options={RATINGS} />
          <SelectField name="status" label="Status" options={STATUSES} />
        </FieldRow>
        <CheckboxField name="featured" label="Featured" />
      </>
    ),
    titles: { create: 'Add Testimonial', edit: 'Edit Testimonial' },
    around: TestimonialLanguages,
    presence: 'testimonial',
  },
  api: {
    useCreate: useCreateTestimonial,
    useUpdate: useUpdateTestimonial,
    useDelete: useDeleteTestimonial,
    invalidates: ['/testimonials'],
    operations: {
      create: 'createTestimonial',
      update: 'updateTestimonial',
      delete: 'deleteTestimonial',
    },
  },
  messages: {
    created: 'Testimonial created successfully!',
    updated: 'Testimonial updated successfully!',
    deleted: 'Testimonial deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this testimonial?',
    plural: 'testimonials',
  },
});

export default function TestimonialsScreen() {
  return <ResourceScreen definition={testimonials} />;
}
