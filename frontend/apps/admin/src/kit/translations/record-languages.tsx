//! A record's languages in its editor (docs/languages.md, "Back office"): the default language's
//! tab is the record's own form; each other language's tab edits that translation, saved on its
//! own with its own version. Declared on a form with `around: languagesAround(spec)`.
import {
  type Translation,
  useGetSettings,
  useListRecordTranslations,
} from '@atelier/api-client/api';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { AroundForm } from '@/kit/resource';
import { TranslationForm } from './translation-form';
import { type Language, STATUS_TEXT, type TranslationSpec } from './translation-spec';

const STATUS_TONE: Record<Translation['status'], string> = {
  missing: 'bg-gray-100 text-gray-700',
  upToDate: 'bg-green-100 text-green-800',
  outdated: 'bg-amber-100 text-amber-900',
};

/**
 * The record's languages as tabs around its form; one language only: the form alone. Ctrl+S saves
 * the tab shown, and unsaved edits in any language's tab make leaving the editor ask first.
 */
export function RecordLanguages<TRow>({
  spec,
  row,
  children,
  form,
}: {
  spec: TranslationSpec<TRow>;
  row: TRow;
  children: ReactNode;
  form?: AroundForm;
}) {
  const settings = useGetSettings();
  const translations = useListRecordTranslations(spec.kind, spec.id(row));
  const languages: Language[] = settings.data?.languages ?? [];
  const [active, setActive] = useState<string>('');
  // Each visited tab stays mounted (hidden), so what was typed there is kept while another is open.
  const [visited, setVisited] = useState<string[]>([]);
  const [unsaved, setUnsaved] = useState<string[]>([]);
  const baseId = useId();
  useEffect(() => form?.setShown(active === ''), [form, active]);
  useEffect(() => form?.setUnsaved(unsaved.length > 0), [form, unsaved]);
  useEffect(() => () => form?.setUnsaved(false), [form]);
  const unsavedIn = (tag: string) => (dirty: boolean) =>
    setUnsaved((current) =>
      dirty === current.includes(tag)
        ? current
        : dirty
          ? [...current, tag]
          : current.filter((other) => other !== tag),
    );
  if (languages.length < 2) return <>{children}</>;
  const [defaultLanguage, ...others] = languages;
  const byLang = new Map((translations.data?.translations ?? []).map((t) => [t.lang, t]));
  const open = (tag: string) => {
    setActive(tag);
    if (tag && !visited.includes(tag)) setVisited([...visited, tag]);
  };
  const tabs = [
    { tag: '', name: defaultLanguage?.name ?? 'Default', status: null },
    ...others.map((language) => ({
      tag: language.tag,
      name: language.name,
      status: byLang.get(language.tag)?.status ?? ('missing' as const),
    })),
  ];
  return (
    <div className="space-y-4">
      <div
        role="tablist"
        aria-label="Languages"
        className="flex flex-wrap gap-1 border-b border-gray-200"
      >
        {tabs.map((tab) => {
          const selected = active === tab.tag;
          return (
            <button
              key={tab.tag || 'default'}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.tag || 'default'}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.tag || 'default'}`}
              aria-label={
                tab.status
                  ? `${tab.name}: ${STATUS_TEXT[tab.status]}`
                  : `${tab.name}: default language`
              }
              onClick={() => open(tab.tag)}
              className={`-mb-px inline-flex items-center gap-2 rounded-t-lg border px-3 py-2 text-sm font-medium ${
                selected
                  ? 'border-gray-200 border-b-white bg-white text-blue-700'
                  : 'border-transparent text-gray-600 hover:text-gray-900'
              }`}
            >
              {/* A space between the name and the badge: the visible text ("Deutsch Up to date")
                  is then part of the accessible name ("Deutsch: Up to date"). */}
              {`${tab.name} `}
              {tab.status ? (
                <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS_TONE[tab.status]}`}>
                  {STATUS_TEXT[tab.status]}
                </span>
              ) : (
                <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs text-blue-700">
                  Default
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-default`}
        aria-labelledby={`${baseId}-tab-default`}
        hidden={active !== ''}
      >
        {children}
      </div>
      {others
        .filter((language) => visited.includes(language.tag))
        .map((language) => (
          <div
            key={language.tag}
            role="tabpanel"
            id={`${baseId}-panel-${language.tag}`}
            aria-labelledby={`${baseId}-tab-${language.tag}`}
            hidden={active !== language.tag}
          >
            {translations.data ? (
              <TranslationForm
                spec={spec}
                row={row}
                language={language}
                translation={byLang.get(language.tag)}
                active={active === language.tag}
                onUnsaved={unsavedIn(language.tag)}
              />
            ) : (
              <p className="text-sm text-gray-500">Loading translations…</p>
            )}
          </div>
        ))}
    </div>
  );
}

/** A form's `around`: its record's languages as tabs, the form the default language's. */
export const languagesAround =
  <TRow,>(spec: TranslationSpec<TRow>) =>
  ({ row, children, form }: { row: TRow; children: ReactNode; form?: AroundForm }) => (
    <RecordLanguages spec={spec} row={row} form={form}>
      {children}
    </RecordLanguages>
  );
