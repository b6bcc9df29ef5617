import {
  type NewService,
  type Service,
  ServiceInputIcon,
  useCreateService,
  useDeleteService,
  useListServices,
  useUpdateService,
} from '@atelier/api-client/api';
import { servicePriceText } from '@atelier/ui/price';
import { ServiceIcon } from '@atelier/ui/service-icon';
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
import { StatusBadge } from '@/kit/list/status-badge';
import { rowStatusFilter } from '@/kit/list/status-filter';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { byOrder, plainText, toInt } from '@/kit/values';
import { PricePreview } from './price-preview';
import { servicesScreen } from './screen';
import { ServiceLanguages } from './services-translations';

/** back-office.md §3: the icon options, faDatabase by default. */
export const SERVICE_ICON_OPTIONS = [
  { value: 'faMobileAlt', label: 'Mobile' },
  { value: 'faLaptopCode', label: 'Web Development' },
  { value: 'faPalette', label: 'Design' },
  { value: 'faSearch', label: 'SEO' },
  { value: 'faCode', label: 'Code' },
  { value: 'faPlug', label: 'API' },
  { value: 'faDatabase', label: 'Database' },
  { value: 'faCloud', label: 'Cloud' },
  { value: 'faShield', label: 'Security' },
  { value: 'faRocket', label: 'Performance' },
] as const;

const ICONS: readonly string[] = Object.values(ServiceInputIcon);

/** A stored icon the form offers, else the default (an icon name the API no longer knows). */
const knownIcon = (icon: string): Values['icon'] =>
  ICONS.includes(icon) ? (icon as Values['icon']) : 'faDatabase';

/**
 * back-office.md §2: 'Hidden' when showPrice is off, else the text the site's card shows (the
 * display text, else the amount followed by a plus sign, '$5,000+'), else 'Default text' (the
 * settings' default display text).
 */
export const servicePrice = (service: Pick<Service, 'showPrice' | 'priceDisplay' | 'price'>) => {
  if (!service.showPrice) return 'Hidden';
  return servicePriceText(service) || 'Default text';
};

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  shortDescription: z.string(),
  description: z.string(),
  icon: z.enum(ServiceInputIcon),
  features: z.array(z.string()),
  price: z.string(),
  priceDisplay: z.string(),
  showPrice: z.boolean(),
  active: z.boolean(),
  featured: z.boolean(),
  order: z.string(),
});
type Values = z.infer<typeof schema>;

export const services = defineResource<Service, Values, NewService>({
  title: servicesScreen.title,
  addLabel: 'Add Service',
  description: 'The services the site offers, their prices and their order.',
  list: {
    mode: 'client',
    useRows: () =>
      fromQuery(useListServices({ limit: 1000 }), (rows) => ({
        rows: [...rows].sort(byOrder((row) => row.title)),
      })),
    search: {
      placeholder: 'Search services…',
      text: (row) => `${row.title} ${row.shortDescription} ${row.features.join(' ')}`,
    },
    filters: [rowStatusFilter()],
    columns: [
      {
        header: 'Service',
        cell: (row) => (
          <div className="flex items-start gap-3">
            <ServiceIcon name={row.icon} className="h-9 w-9 shrink-0" />
            <div>
              <p className="font-medium text-gray-900">{row.title}</p>
              <p className="line-clamp-2 text-xs text-gray-500">
                {plainText(row.shortDescription)}
              </p>
            </div>
          </div>
        ),
      },
      { header: 'Price', cell: (row) => servicePrice(row) },
      { header: 'Order', className: 'hidden sm:table-cell', cell: (row) => row.order },
      {
        header: 'Featured',
        className: 'hidden md:table-cell',
        cell: (row) =>
          row.featured ? (
            <span className="rounded bg-yellow-100 px-1.5 py-0.5 text-xs text-yellow-800">
              Featured
            </span>
          ) : (
            <span className="text-gray-500">No</span>
          ),
      },
      { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    ],
    empty: 'No services found',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.title,
  },
  form: {
    variant: 'inline',
    schema,
    defaults: {
      title: '',
      shortDescription: '',
      description: '',
      icon: 'faDatabase',
      features: [],
      price: '',
      priceDisplay: '',
      showPrice: true,
      active: true,
      featured: false,
      order: '0',
    },
    fromRecord: (row) => ({
      title: row.title,
      shortDescription: row.shortDescription,
      description: row.description,
      icon: knownIcon(row.icon),
      features: row.features,
      price: row.price === null ? '' : String(row.price),
      priceDisplay: row.priceDisplay,
      showPrice: row.showPrice,
      active: row.status === 'active',
      featured: row.featured,
      order: String(row.order),
    }),
    toInput: ({ active, price, order, ...values }) => ({
      ...values,
      price: price.trim() === '' ? null : Math.max(0, Number(price) || 0),
      order: Math.max(0, toInt(order)),
      status: active ? 'active' : 'inactive',
    }),
    fields: () => (
      <>
        <FieldRow>
          <TextField name="title" label="Title" required />
          <SelectField name="icon" label="Icon" options={SERVICE_ICON_OPTIONS} />
        </FieldRow>
        <TextField name="shortDescription" label="Short Description" />
        <TextAreaField name="description" label="Full Description" required rows={5} lines />
        <ChipsField name="features" label="Features" placeholder="Type a feature and press Enter" />
        <FieldRow>
          <NumberField name="price" label="Price" min={0} />
          <TextField name="priceDisplay" label="Price Display" placeholder="From $5,000" />
        </FieldRow>
        <PricePreview />
        <FieldRow>
          <NumberField name="order" label="Order" min={0} />
          <div className="flex flex-wrap items-end gap-x-6 gap-y-2 pb-2">
            <CheckboxField name="showPrice" label="Show Price" />
            <CheckboxField name="active" label="Active" />
            <CheckboxField name="featured" label="Featured" />
          </div>
        </FieldRow>
      </>
    ),
    titles: { create: 'Add Service', edit: 'Edit Service' },
    around: ServiceLanguages,
    presence: 'service',
  },
  api: {
    useCreate: useCreateService,
    useUpdate: useUpdateService,
    useDelete: useDeleteService,
    invalidates: ['/services'],
    operations: { create: 'createService', update: 'updateService', delete: 'deleteService' },
  },
  messages: {
    created: 'Service created successfully!',
    updated: 'Service updated successfully!',
    deleted: 'Service deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this service?',
    plural: 'services',
    singular: 'service',
  },
});

export default function ServicesScreen() {
  return <ResourceScreen definition={services} />;
}
