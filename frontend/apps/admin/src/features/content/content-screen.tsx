import {
  getGetContentPageQueryKey,
  useGetContentPage,
  useSaveContentPage,
} from '@atelier/api-client/api';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DraftAutosave } from '@/editor/draft-autosave';
import { MarkdownField } from '@/editor/markdown-field';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { FieldRow, TextAreaField, TextField } from '@/kit/fields/fields';
import { ScreenHeader } from '@/kit/screen-header';
import { SingletonRecord } from '@/kit/singleton/singleton-record';
import { RecordLanguages } from '@/kit/translations/record-languages';
import { shortDate } from '@/kit/values';
import {
  CONTENT_SAVED,
  CONTENT_TABS,
  type PageType,
  pageHistory,
  schema,
  toInput,
  toValues,
} from './content-page';
import { PAGE_TRANSLATIONS } from './content-translations';
import { PageView } from './page-view';
import { contentScreen } from './screen';
import { ValuesList } from './values-list';

/** A page's fields in edit mode: the About page's own, or a policy's text and date. */
function PageFields({ type }: { type: PageType }) {
  return (
    <>
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
        lines
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
    </>
  );
}

/** One tab: the page in view mode, 'Edit Content' to change it, 'Save Changes' to keep it. */
function ContentTab({ type }: { type: PageType }) {
  const queryClient = useQueryClient();
  // No page yet (404): the site shows its built-in text, and the first save creates it.
  const query = useGetContentPage(type, undefined, { query: { retry: false } });
  const save = useSaveContentPage();
  const record = (
    <SingletonRecord
      query={query}
      schema={schema}
      toValues={toValues}
      save={(values, version) =>
        save.mutateAsync({ type, data: { ...toInput(type, values), version } })
      }
      recordName="page"
      invalidates={[getGetContentPageQueryKey(type)[0], '/content']}
      texts={{
        loading: 'Loading content...',
        edit: 'Edit Content',
        saved: CONTENT_SAVED,
        loadError: (error) => serverMessageOr(error, failedTo('fetch', 'content')),
        saveError: (error) => serverMessageOr(error, failedTo('update', 'content')),
        status: (page) => (page ? `Last saved ${shortDate(page.updatedAt)}` : 'Not saved yet'),
      }}
      fields={<PageFields type={type} />}
      view={(page) => <PageView type={type} page={page} />}
      presence={{ kind: 'page', id: type }}
      history={{
        binding: pageHistory,
        recordKey: type,
        label: CONTENT_TABS.find((tab) => tab.type === type)?.label ?? query.data?.title ?? '',
        onRestored: (restored) =>
          queryClient.setQueryData(getGetContentPageQueryKey(type), restored),
      }}
    />
  );
  // A saved page has its languages as tabs around it; one not saved yet has nothing to translate.
  return query.data ? (
    <RecordLanguages spec={PAGE_TRANSLATIONS} row={query.data}>
      {record}
    </RecordLanguages>
  ) : (
    record
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
        title={contentScreen.title}
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
