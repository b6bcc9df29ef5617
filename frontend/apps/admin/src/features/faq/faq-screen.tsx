import {
  type Faq,
  type FaqStatus,
  type NewFaq,
  useCreateFaq,
  useDeleteFaq,
  useListFaqs,
  useMoveFaq,
  useSetFaqStatus,
  useUpdateFaq,
} from '@atelier/api-client/api';
import { z } from 'zod';
import { ChipsField } from '@/kit/fields/chips-field';
import {
  CheckboxField,
  FieldRow,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from '@/kit/fields/fields';
import { MoveButtons } from '@/kit/list/move-buttons';
import { useRowAction } from '@/kit/list/use-row-action';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { plainText, toInt } from '@/kit/values';
import { FaqLanguages } from './faq-translations';
import { faqScreen } from './screen';

/** back-office.md §9: the FAQ list asks for at most 100. */
export const FAQ_LIST_LIMIT = 100;

/** back-office.md §9: the seven categories, general by default. */
export const FAQ_CATEGORIES = [
  { value: 'general', label: 'General' },
  { value: 'technical', label: 'Technical' },
  { value: 'billing', label: 'Billing' },
  { value: 'account', label: 'Account' },
  { value: 'services', label: 'Services' },
  { value: 'support', label: 'Support' },
  { value: 'other', label: 'Other' },
] as const;
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'draft', label: 'Draft' },
] as const;
const categoryLabel = (value: string) =>
  FAQ_CATEGORIES.find((category) => category.value === value)?.label ?? value;

const schema = z.object({
  question: z.string().trim().min(1, 'Question is required'),
  answer: z.string().trim().min(1, 'Answer is required'),
  category: z.enum(['general', 'technical', 'billing', 'account', 'services', 'support', 'other']),
  status: z.enum(['active', 'inactive', 'draft']),
  order: z
    .string()
    .trim()
    .min(1, 'Order is required')
    .refine((value) => toInt(value, 0) >= 1, 'Order must be at least 1'),
  featured: z.boolean(),
  tags: z.array(z.string()),
});
type Values = z.infer<typeof schema>;

/** The server's order (back-office.md §4): by order, then the older first; its moves swap neighbours in it. */
const byPlace = (a: Faq, b: Faq) => a.order - b.order || a.createdAt.localeCompare(b.createdAt);

/** The reorder arrows and status menu of one FAQ. */
function FaqControls({ row, rows }: { row: Faq; rows: readonly Faq[] }) {
  const move = useRowAction(useMoveFaq(), ['/faqs']);
  const status = useRowAction(useSetFaqStatus(), ['/faqs']);
  const position = rows.findIndex((candidate) => candidate._id === row._id);
  return (
    <span className="inline-flex items-center gap-2">
      <label className="sr-only" htmlFor={`faq-status-${row._id}`}>
        Status of {row.question}
      </label>
      <select
        id={`faq-status-${row._id}`}
        value={row.status}
        disabled={status.busy}
        onChange={(event) =>
          void status.run(
            {
              id: row._id,
              data: { status: event.target.value as FaqStatus, version: row.version },
            },
            'FAQ status updated successfully!',
            'Failed to update FAQs',
          )
        }
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        {STATUSES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <MoveButtons
        label={row.question}
        isFirst={position === 0}
        isLast={position === rows.length - 1}
        busy={move.busy}
        onMove={(direction) =>
          void move.run(
            { id: row._id, data: { direction } },
            'FAQ updated successfully!',
            'Failed to update FAQs',
          )
        }
      />
    </span>
  );
}

export const faqs = defineResource<Faq, Values, NewFaq>({
  title: faqScreen.title,
  addLabel: 'Add FAQ',
  description: 'The questions on the FAQ page, in their order; only active ones are public.',
  list: {
    mode: 'client',
    useRows: () =>
      fromQuery(useListFaqs({ limit: FAQ_LIST_LIMIT }), (data) => ({
        rows: [...data.data].sort(byPlace),
      })),
    search: {
      placeholder: 'Search FAQs…',
      text: (row) => `${row.question} ${plainText(row.answer)} ${row.tags.join(' ')}`,
    },
    filters: [
      {
        key: 'category',
        label: 'Category',
        allLabel: 'All Categories',
        options: FAQ_CATEGORIES,
        match: (row, value) => row.category === value,
      },
    ],
    layout: 'list',
    card: (row, actions) => (
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">
            <span className="mr-2 text-sm text-gray-500">#{row.order}</span>
            {row.question}
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-gray-600">{plainText(row.answer)}</p>
          <p className="mt-2 flex flex-wrap gap-2 text-xs">
            <span className="rounded bg-gray-100 px-2 py-0.5 text-gray-700">
              {categoryLabel(row.category)}
            </span>
            {row.featured && (
              <span className="rounded bg-yellow-100 px-2 py-0.5 text-yellow-800">Featured</span>
            )}
            <span className="text-gray-500">{row.views} views</span>
          </p>
        </div>
        <div className="shrink-0">{actions}</div>
      </div>
    ),
    rowControls: (row, rows) => <FaqControls row={row} rows={rows} />,
    empty: (state) => {
      if (state.q.trim()) return `No FAQs found matching "${state.q.trim()}"`;
      const category = state.filters.category;
      if (category) return `No FAQs found in ${categoryLabel(category)}`;
      return 'No FAQs found';
    },
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.question,
  },
  form: {
    variant: 'inline',
    schema,
    defaults: {
      question: '',
      answer: '',
      category: 'general',
      status: 'active',
      order: '1',
      featured: false,
      tags: [],
    },
    newDefaults: (rows) => ({ order: String(rows.length + 1) }),
    fromRecord: (row) => ({
      question: row.question,
      answer: row.answer,
      category: row.category,
      status: row.status,
      order: String(row.order),
      featured: row.featured,
      tags: row.tags,
    }),
    toInput: ({ order, ...values }) => ({ ...values, order: toInt(order, 1) }),
    fields: () => (
      <>
        <TextField name="question" label="Question" required />
        <TextAreaField name="answer" label="Answer" required rows={5} />
        <FieldRow>
          <SelectField name="category" label="Category" options={FAQ_CATEGORIES} />
          <SelectField name="status" label="Status" options={STATUSES} />
        </FieldRow>
        <FieldRow>
          <NumberField name="order" label="Order" required min={1} />
          <div className="flex items-end pb-2">
            <CheckboxField name="featured" label="Featured" />
          </div>
        </FieldRow>
        <ChipsField name="tags" label="Tags" placeholder="Type a tag and press Enter" />
      </>
    ),
    titles: { create: 'Add FAQ', edit: 'Edit FAQ' },
    around: FaqLanguages,
    presence: 'faq',
  },
  api: {
    useCreate: useCreateFaq,
    useUpdate: useUpdateFaq,
    useDelete: useDeleteFaq,
    invalidates: ['/faqs'],
    operations: { create: 'createFaq', update: 'updateFaq', delete: 'deleteFaq' },
  },
  messages: {
    created: 'FAQ created successfully!',
    updated: 'FAQ updated successfully!',
    deleted: 'FAQ deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this FAQ item?',
    plural: 'FAQs',
  },
});

export default function FaqScreen() {
  return <ResourceScreen definition={faqs} />;
}
