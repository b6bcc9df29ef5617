import {
  type NewRedirect,
  type NewRedirectStatus,
  type Redirect,
  useCreateRedirect,
  useDeleteRedirect,
  useGetRedirect,
  useListRedirects,
  useUpdateRedirect,
} from '@atelier/api-client/api';
import { z } from 'zod';
import { FieldRow, SelectField, TextAreaField, TextField } from '@/kit/fields/fields';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { shortDateTime } from '@/kit/values';
import { redirectsScreen } from './screen';

export const STATUSES = [
  { value: '301', label: '301 Moved permanently' },
  { value: '302', label: '302 Found (temporary)' },
  { value: '307', label: '307 Temporary, same method' },
  { value: '308', label: '308 Permanent, same method' },
] as const;

/** The server's limits (domain `redirect::MAX_ADDRESS_LEN`, `MAX_NOTE_LEN`). */
const MAX_ADDRESS = 2000;
const MAX_NOTE = 500;

const schema = z.object({
  from: z
    .string()
    .trim()
    .min(1, 'From is required')
    .max(MAX_ADDRESS, `From must be at most ${MAX_ADDRESS} characters`),
  to: z
    .string()
    .trim()
    .min(1, 'To is required')
    .max(MAX_ADDRESS, `To must be at most ${MAX_ADDRESS} characters`)
    .refine((to) => !to.startsWith('//'), {
      message: 'To must not start with //: write an address on another site in full, with https://',
    })
    .refine((to) => to.startsWith('/') || /^https?:\/\//i.test(to), {
      message: 'To must be a path starting with / or an http(s) address',
    }),
  status: z.enum(['301', '302', '307', '308']),
  note: z.string().max(MAX_NOTE, `Note must be at most ${MAX_NOTE} characters`),
});
type Values = z.infer<typeof schema>;

/** How often a redirect was followed, and when last. */
function Hits({ row }: { row: Redirect }) {
  if (row.hits === 0) {
    return <span className="text-gray-500">Never</span>;
  }
  return (
    <span>
      {row.hits.toLocaleString('en-US')}
      {row.lastHitAt && (
        <span className="block text-xs text-gray-500">last {shortDateTime(row.lastHitAt)}</span>
      )}
    </span>
  );
}

const address = (text: string) => <code className="text-xs break-all text-gray-900">{text}</code>;

export const redirects = defineResource<Redirect, Values, NewRedirect>({
  title: redirectsScreen.title,
  addLabel: 'Add Redirect',
  description:
    'Old addresses of the site that send visitors on. A redirect answers only where the site has no page; changing a published post’s or project’s slug adds one by itself.',
  list: {
    mode: 'server',
    useRows: (state) =>
      fromQuery(
        useListRedirects({ page: state.page, limit: state.size, search: state.q || undefined }),
        (data) => ({ rows: data.redirects, total: data.totalItems }),
      ),
    useRecord: (id) => {
      const query = useGetRedirect(id, { query: { enabled: id !== '', retry: false } });
      return { record: query.data, isPending: id !== '' && query.isPending };
    },
    search: { placeholder: 'Search redirects…' },
    pageSizes: [20],
    columns: [
      { header: 'From', cell: (row) => address(row.from) },
      {
        header: 'To',
        cell: (row) => (
          <span>
            {address(row.to)}
            {row.note && <span className="block text-xs text-gray-500">{row.note}</span>}
          </span>
        ),
      },
      { header: 'Status', className: 'hidden sm:table-cell', cell: (row) => row.status },
      { header: 'Hits', className: 'hidden md:table-cell', cell: (row) => <Hits row={row} /> },
    ],
    empty: (state) =>
      state.q ? 'No redirects match your search.' : 'No redirects yet. Add one for an old address.',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.from,
  },
  form: {
    variant: 'modal',
    schema,
    defaults: { from: '', to: '', status: '301', note: '' },
    fromRecord: (row) => ({
      from: row.from,
      to: row.to,
      status: String(row.status) as Values['status'],
      note: row.note,
    }),
    toInput: ({ status, ...values }) => ({
      ...values,
      status: Number(status) as NewRedirectStatus,
    }),
    fields: () => (
      <>
        <TextField name="from" label="From" required placeholder="/2019/05/old-post/" />
        <TextField name="to" label="To" required placeholder="/blog/new-post" />
        <FieldRow>
          <SelectField name="status" label="Status" options={STATUSES} />
        </FieldRow>
        <TextAreaField name="note" label="Note" rows={2} />
      </>
    ),
    titles: { create: 'Add Redirect', edit: 'Edit Redirect' },
  },
  api: {
    useCreate: useCreateRedirect,
    useUpdate: useUpdateRedirect,
    useDelete: useDeleteRedirect,
    invalidates: ['/redirects'],
    operations: { create: 'createRedirect', update: 'updateRedirect', delete: 'deleteRedirect' },
  },
  messages: {
    created: 'Redirect created successfully!',
    updated: 'Redirect updated successfully!',
    deleted: 'Redirect deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this redirect?',
    plural: 'redirects',
  },
});

export default function RedirectsScreen() {
  return <ResourceScreen definition={redirects} />;
}
