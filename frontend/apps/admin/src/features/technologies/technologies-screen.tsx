import {
  type NewTechnology,
  type Technology,
  useCreateTechnology,
  useDeleteTechnology,
  useListTechnologies,
  useUpdateTechnology,
} from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import {
  faCode,
  faCubes,
  faDatabase,
  faDesktop,
  faMobileScreen,
  faPalette,
  faServer,
  faStar,
  faWrench,
} from '@fortawesome/free-solid-svg-icons';
import { z } from 'zod';
import { ColorField } from '@/kit/fields/color-field';
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
import { byOrder, humanize, isWebUrl, toInt } from '@/kit/values';
import { technologiesScreen } from './screen';

/** back-office.md §3: the seven categories, frontend by default. */
export const TECHNOLOGY_CATEGORIES = [
  { value: 'frontend', label: 'Frontend', icon: faDesktop },
  { value: 'backend', label: 'Backend', icon: faServer },
  { value: 'database', label: 'Database', icon: faDatabase },
  { value: 'devops', label: 'DevOps', icon: faWrench },
  { value: 'mobile', label: 'Mobile', icon: faMobileScreen },
  { value: 'design', label: 'Design', icon: faPalette },
  { value: 'other', label: 'Other', icon: faCubes },
] as const;
const categoryOf = (value: string) =>
  TECHNOLOGY_CATEGORIES.find((category) => category.value === value);

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  description: z.string(),
  category: z.enum(['frontend', 'backend', 'database', 'devops', 'mobile', 'design', 'other'], {
    message: 'Category is required',
  }),
  icon: z.string(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #3B82F6'),
  website: z
    .string()
    .trim()
    .refine((value) => value === '' || isWebUrl(value), 'Please enter a valid URL'),
  status: z.enum(['active', 'inactive']),
  order: z.string(),
  featured: z.boolean(),
});
type Values = z.infer<typeof schema>;

export const technologies = defineResource<Technology, Values, NewTechnology>({
  title: technologiesScreen.title,
  addLabel: 'Add Technology',
  description: 'The technologies shown on portfolio projects, by category.',
  list: {
    mode: 'client',
    useRows: () =>
      fromQuery(useListTechnologies(), (data) => ({
        rows: [...data.data].sort(byOrder((row) => row.name)),
      })),
    search: {
      placeholder: 'Search technologies…',
      text: (row) => `${row.name} ${row.description}`,
    },
    filters: [
      {
        key: 'category',
        label: 'Category',
        allLabel: 'All Categories',
        options: TECHNOLOGY_CATEGORIES,
        match: (row, value) => row.category === value,
      },
      rowStatusFilter(),
    ],
    card: (row, actions) => (
      <>
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-white"
            style={{ backgroundColor: row.color }}
          >
            <Icon icon={categoryOf(row.category)?.icon ?? faCode} className="h-4 w-4" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2 font-semibold text-gray-900">
              {row.name}
              {row.featured && (
                <span role="img" aria-label="Featured" title="Featured">
                  <Icon icon={faStar} className="h-3.5 w-3.5 text-yellow-400" />
                </span>
              )}
            </p>
            <p className="text-sm text-gray-500">
              {categoryOf(row.category)?.label ?? humanize(row.category)}
            </p>
          </div>
          <StatusBadge status={row.status} />
        </div>
        <p className="mt-3 line-clamp-3 flex-1 text-sm text-gray-700">{row.description}</p>
        <p className="mt-3 flex gap-4 text-xs text-gray-500">
          <span>Usage: {row.usageCount}</span>
          <span>Order: {row.order}</span>
        </p>
        <div className="mt-3 border-t border-gray-100 pt-3">{actions}</div>
      </>
    ),
    empty: 'No technologies found',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.name,
  },
  form: {
    variant: 'modal',
    schema,
    defaults: {
      name: '',
      description: '',
      category: 'frontend',
      icon: 'code',
      color: '#3B82F6',
      website: '',
      status: 'active',
      order: '0',
      featured: false,
    },
    fromRecord: (row) => ({
      name: row.name,
      description: row.description,
      category: row.category,
      icon: row.icon,
      color: row.color,
      website: row.website,
      status: row.status,
      order: String(row.order),
      featured: row.featured,
    }),
    toInput: ({ order, color, ...values }) => ({
      ...values,
      color: color.toUpperCase(),
      order: Math.max(0, toInt(order)),
    }),
    fields: () => (
      <>
        <FieldRow>
          <TextField name="name" label="Name" required />
          <SelectField name="category" label="Category" required options={TECHNOLOGY_CATEGORIES} />
        </FieldRow>
        <TextAreaField name="description" label="Description" />
        <FieldRow>
          <TextField name="icon" label="Icon" />
          <ColorField name="color" label="Color" />
        </FieldRow>
        <TextField name="website" label="Website" type="url" placeholder="https://…" />
        <FieldRow>
          <SelectField name="status" label="Status" options={ACTIVE_STATUSES} />
          <NumberField name="order" label="Order" min={0} />
        </FieldRow>
        <CheckboxField name="featured" label="Featured Technology" />
      </>
    ),
    titles: { create: 'Add Technology', edit: 'Edit Technology' },
    presence: 'technology',
  },
  api: {
    useCreate: useCreateTechnology,
    useUpdate: useUpdateTechnology,
    useDelete: useDeleteTechnology,
    invalidates: ['/technologies', '/portfolio'],
    operations: {
      create: 'createTechnology',
      update: 'updateTechnology',
      delete: 'deleteTechnology',
    },
  },
  messages: {
    created: 'Technology created successfully!',
    updated: 'Technology updated successfully!',
    deleted: 'Technology deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this technology?',
    plural: 'technologies',
  },
});

export default function TechnologiesScreen() {
  return <ResourceScreen definition={technologies} />;
}
