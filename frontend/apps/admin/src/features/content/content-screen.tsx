import {
  type ContentPage,
  type ContentPageInput,
  getGetContentPageQueryKey,
  useGetContentPage,
  useGetContentPageRevision,
  useListContentPageRevisions,
  useRestoreContentPageRevision,
  useSaveContentPage,
} from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { Banner } from '@atelier/ui/banner';
import { inputClass } from '@atelier/ui/form-field';
import { Icon } from '@atelier/ui/icon';
import { LazyMarkdown } from '@atelier/ui/lazy-markdown';
import { Skeleton } from '@atelier/ui/skeleton';
import { faClockRotateLeft, faPlus, faTrash } from '@fortawesome/free-solid-svg-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { DraftAutosave } from '@/editor/draft-autosave';
import { MarkdownField } from '@/editor/markdown-field';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { LoadError } from '@/kit/feedback/load-error';
import { FieldRow, TextAreaField, TextField } from '@/kit/fields/fields';
import { useSaveShortcut, useUnsavedGuard } from '@/kit/form/unsaved-guard';
import { useGuardedSubmit } from '@/kit/form/use-guarded-submit';
import type { HistoryField } from '@/kit/history/diff-view';
import type { HistoryBinding } from '@/kit/history/history-panel';
import { LazyHistoryPanel } from '@/kit/history/lazy-history-panel';
import { invalidatePrefixes } from '@/kit/invalidate';
import { ScreenHeader } from '@/kit/screen-header';
import { shortDate } from '@/kit/values';

/** back-office.md §2: the four tabs, About Us first. */
export const CONTENT_TABS = [
  { type: 'about', label: 'About Us' },
  { type: 'privacy', label: 'Privacy Policy' },
  { type: 'terms', label: 'Terms of Service' },
  { type: 'cookies', label: 'Cookie Policy' },
] as const;
type PageType = (typeof CONTENT_TABS)[number]['type'];

export const CONTENT_SAVED = 'Content saved successfully!';

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  subtitle: z.string(),
  description: z.string(),
  vision: z.string(),
  mission: z.string(),
  values: z.array(z.object({ text: z.string() })),
  content: z.string(),
  lastUpdated: z.string(),
});
type Values = z.infer<typeof schema>;

const EMPTY: Values = {
  title: '',
  subtitle: '',
  description: '',
  vision: '',
  mission: '',
  values: [],
  content: '',
  lastUpdated: '',
};

const today = () => new Date().toISOString().slice(0, 10);

const toValues = (page: ContentPage | undefined): Values =>
  page
    ? {
        title: page.title,
        subtitle: page.subtitle,
        description: page.description,
        vision: page.vision,
        mission: page.mission,
        values: page.values.map((text) => ({ text })),
        content: page.content,
        lastUpdated: page.lastUpdated?.slice(0, 10) ?? '',
      }
    : EMPTY;

const toInput = (type: PageType, values: Values): ContentPageInput =>
  type === 'about'
    ? {
        title: values.title,
        subtitle: values.subtitle,
        description: values.description,
        vision: values.vision,
        mission: values.mission,
        values: values.values.map((value) => value.text.trim()).filter(Boolean),
      }
    : {
        title: values.title,
        subtitle: values.subtitle,
        description: values.description,
        content: values.content,
        // Sent as an ISO timestamp (back-office.md §3), today when left empty.
        lastUpdated: new Date(`${values.lastUpdated || today()}T00:00:00Z`).toISOString(),
      };

const HISTORY_FIELDS: readonly HistoryField<Values>[] = [
  { label: 'Title', text: (values) => values.title },
  { label: 'Subtitle', text: (values) => values.subtitle },
  { label: 'Description', text: (values) => values.description, kind: 'markdown' },
  { label: 'Vision', text: (values) => values.vision },
  { label: 'Mission', text: (values) => values.mission },
  { label: 'Values', text: (values) => values.values.map((value) => value.text).join('\n') },
  { label: 'Content', text: (values) => values.content, kind: 'markdown' },
  { label: 'Last Updated', text: (values) => values.lastUpdated },
];

/** A page's revision history, keyed by the page's type. */
export const pageHistory: HistoryBinding<ContentPage, Values> = {
  noun: 'page',
  useRevisions: (type) => useListContentPageRevisions(type),
  useRevision: (type, revisionId) => useGetContentPageRevision(type, revisionId),
  useRestore: () => {
    const restore = useRestoreContentPageRevision();
    return {
      isPending: restore.isPending,
      mutateAsync: ({ key, revisionId }) => restore.mutateAsync({ type: key, revisionId }),
    };
  },
  useFields: () => HISTORY_FIELDS,
  invalidates: ['/content'],
};

/** The About page's values: each one a line of its own, added and removed one at a time. */
function ValuesList() {
  const { control, register } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'values' });
  const id = useId();
  const added = useRef(false);
  const last = useRef<HTMLInputElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a value was added
  useEffect(() => {
    if (added.current) last.current?.focus();
    added.current = false;
  }, [fields.length]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      added.current = true;
      append({ text: '' });
    }
  };
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-700">Values</legend>
      <ul className="space-y-2">
        {fields.map((field, index) => {
          const { ref, ...rest } = register(`values.${index}.text`);
          return (
            <li key={field.id} className="flex gap-2">
              <label htmlFor={`${id}-${index}`} className="sr-only">
                Value {index + 1}
              </label>
              <input
                id={`${id}-${index}`}
                {...rest}
                ref={(element) => {
                  ref(element);
                  if (index === fields.length - 1) last.current = element;
                }}
                onKeyDown={onKeyDown}
                placeholder="Quality - We never ship what we would not use"
                className={inputClass}
              />
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={`Remove value ${index + 1}`}
                className="rounded-lg border border-gray-300 px-3 text-red-700 hover:bg-red-50"
              >
                <Icon icon={faTrash} className="h-3.5 w-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => {
          added.current = true;
          append({ text: '' });
        }}
        className="mt-2 inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        <Icon icon={faPlus} className="h-3 w-3" />
        Add Value
      </button>
    </fieldset>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{term}</h3>
      <div className="mt-1 text-gray-900">{children}</div>
    </div>
  );
}

const notSet = <span className="text-gray-600 italic">Not set</span>;
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** A page as visitors read it: the view mode. */
function PageView({ type, page }: { type: PageType; page: ContentPage | undefined }) {
  if (!page) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
        This page has no saved content yet: the site shows its built-in text. Choose Edit Content to
        write it.
      </p>
    );
  }
  return (
    <div className="space-y-5">
      <Field term="Title">{page.title || notSet}</Field>
      <Field term="Subtitle">{page.subtitle || notSet}</Field>
      <Field term="Description">
        {paragraphs(page.description).length
          ? paragraphs(page.description).map((paragraph) => (
              <p key={paragraph} className="mb-2 whitespace-pre-line">
                {paragraph}
              </p>
            ))
          : notSet}
      </Field>
      {type === 'about' ? (
        <>
          <Field term="Vision">{page.vision || notSet}</Field>
          <Field term="Mission">{page.mission || notSet}</Field>
          <Field term="Values">
            {page.values.length ? (
              <ul className="list-disc space-y-1 pl-5">
                {page.values.map((value) => (
                  <li key={value}>{value}</li>
                ))}
              </ul>
            ) : (
              notSet
            )}
          </Field>
        </>
      ) : (
        <>
          <Field term="Content">
            {page.content ? (
              <LazyMarkdown source={page.content} className="markdown-body max-w-none" />
            ) : (
              notSet
            )}
          </Field>
          <Field term="Last Updated">{shortDate(page.lastUpdated) || notSet}</Field>
        </>
      )}
    </div>
  );
}

/** One tab: the page in view mode, 'Edit Content' to change it, 'Save Changes' to keep it. */
function ContentTab({ type }: { type: PageType }) {
  const queryClient = useQueryClient();
  const banners = useBanners();
  const query = useGetContentPage(type, { query: { retry: false } });
  const save = useSaveContentPage();
  const [editing, setEditing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // No page yet (404): the site shows its built-in text, and the first save creates it.
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const page = query.data;

  const methods = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const guard = useUnsavedGuard(editing && methods.formState.isDirty);

  const startEditing = () => {
    methods.reset(toValues(page));
    failure.clear();
    setEditing(true);
  };
  // A failed save stays in edit mode with the input (back-office.md §4).
  const { submit, busy, failure } = useGuardedSubmit(
    methods,
    async (values) => {
      await save.mutateAsync({ type, data: toInput(type, values) });
      guard.release();
      methods.reset(values);
      setEditing(false);
      await invalidatePrefixes(queryClient, [getGetContentPageQueryKey(type)[0], '/content']);
      banners.success(CONTENT_SAVED);
    },
    (error) => serverMessageOr(error, failedTo('update', 'content')),
  );
  useSaveShortcut(() => void submit(), editing);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading content..." className="space-y-3">
        <p className="text-sm text-gray-600">Loading content...</p>
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.error && !missing) {
    return (
      <LoadError
        message={serverMessageOr(query.error, failedTo('fetch', 'content'))}
        onRetry={query.refetch}
      />
    );
  }

  const buttonClass =
    'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">
            {page ? `Last saved ${shortDate(page.updatedAt)}` : 'Not saved yet'}
          </p>
          <div className="flex flex-wrap gap-2">
            {page && (
              <button
                type="button"
                onClick={() => setHistoryOpen(true)}
                className={`${buttonClass} inline-flex items-center gap-2 border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
              >
                <Icon icon={faClockRotateLeft} className="h-3.5 w-3.5" />
                History
              </button>
            )}
            {editing && (
              <button
                type="button"
                onClick={() => setEditing(false)}
                className={`${buttonClass} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
              >
                Cancel
              </button>
            )}
            {/* Keys keep the two buttons apart: reusing one element would turn the click that
                opens edit mode into a submit. */}
            {editing ? (
              <button
                key="save"
                type="submit"
                disabled={busy}
                aria-keyshortcuts="Control+S Meta+S"
                className={`${buttonClass} bg-blue-600 text-white hover:bg-blue-700`}
              >
                {busy ? 'Saving...' : 'Save Changes'}
              </button>
            ) : (
              <button
                key="edit"
                type="button"
                onClick={startEditing}
                className={`${buttonClass} bg-blue-600 text-white hover:bg-blue-700`}
              >
                Edit Content
              </button>
            )}
          </div>
        </div>
        {failure.message && (
          <Banner tone="error" message={failure.message} onDismiss={failure.clear} />
        )}
        {editing ? (
          <div className="space-y-4">
            <DraftAutosave scope="content" record={type} />
            <FieldRow>
              <TextField name="title" label="Title" required />
              <TextField name="subtitle" label="Subtitle" />
            </FieldRow>
            <TextAreaField
              name="description"
              label="Description"
              rows={10}
              hint="Separate paragraphs with a blank line."
            />
            {type === 'about' ? (
              <>
                <TextAreaField name="vision" label="Vision" rows={3} />
                <TextAreaField name="mission" label="Mission" rows={3} />
                <ValuesList />
              </>
            ) : (
              <>
                <MarkdownField
                  name="content"
                  label="Content"
                  height={400}
                  placeholder="Write the policy content here…"
                />
                <div className="sm:w-64">
                  <TextField name="lastUpdated" label="Last Updated" type="date" />
                </div>
              </>
            )}
          </div>
        ) : (
          <PageView type={type} page={page} />
        )}
      </form>
      {guard.dialog}
      {historyOpen && page && (
        <LazyHistoryPanel
          binding={pageHistory}
          recordKey={type}
          label={CONTENT_TABS.find((tab) => tab.type === type)?.label ?? page.title}
          onClose={() => setHistoryOpen(false)}
          current={() => (editing ? methods.getValues() : toValues(page))}
          toValues={toValues}
          dirty={editing && methods.formState.isDirty}
          onRestored={(restored) => {
            queryClient.setQueryData(getGetContentPageQueryKey(type), restored);
            if (editing) methods.reset(toValues(restored));
          }}
        />
      )}
    </FormProvider>
  );
}

/** Content Management (back-office.md §2): the About page and the three policies, one tab each. */
export default function ContentScreen() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = CONTENT_TABS.find((tab) => tab.type === requested) ?? CONTENT_TABS[0];
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const tab = CONTENT_TABS[(index + CONTENT_TABS.length) % CONTENT_TABS.length];
    if (!tab) return;
    setParams(tab.type === 'about' ? {} : { tab: tab.type });
    tabRefs.current[CONTENT_TABS.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = CONTENT_TABS.indexOf(current);
    if (event.key === 'ArrowRight') select(at + 1);
    else if (event.key === 'ArrowLeft') select(at - 1);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(CONTENT_TABS.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-5xl space-y-5">
      <ScreenHeader
        headingId={headingId}
        title="Content Management"
        description="The About page and the policies the site links from its footer."
      />
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <div
          role="tablist"
          aria-label="Pages"
          onKeyDown={onKeyDown}
          className="flex overflow-x-auto border-b border-gray-200"
        >
          {CONTENT_TABS.map((tab, index) => {
            const selected = tab === current;
            return (
              <button
                key={tab.type}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${headingId}-tab-${tab.type}`}
                aria-selected={selected}
                aria-controls={`${headingId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(index)}
                className={`whitespace-nowrap border-b-2 px-5 py-3 text-sm font-medium ${
                  selected
                    ? 'border-blue-600 text-blue-700'
                    : 'border-transparent text-gray-600 hover:text-gray-900'
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <div
          id={`${headingId}-panel`}
          role="tabpanel"
          aria-labelledby={`${headingId}-tab-${current.type}`}
          className="p-5 sm:p-6"
        >
          <ContentTab key={current.type} type={current.type} />
        </div>
      </div>
    </section>
  );
}
