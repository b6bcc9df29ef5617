//! The blog list's filter by translation status (docs/languages.md, "Back office"): for each of the
//! site's languages besides the default, "Missing in {language}" and "Outdated in {language}",
//! kept in the address (`?translation=missing:de`) like the list's other filters.
import { useGetSettings } from '@atelier/api-client/api';
import { useId } from 'react';
import type { ListState, ListStatePatch } from '@/kit/list/list-state';
import { OptionsSelect } from '@/kit/list/options-select';

/** The filter's name in the address. */
export const TRANSLATION_FILTER = 'translation';

/** The list API's parameters for the filter's value (`missing:de`, `outdated:fr-CA`). */
export function translationParams(value: string | undefined): {
  missingIn?: string;
  outdatedIn?: string;
} {
  const [state, lang] = (value ?? '').split(':', 2);
  if (!lang) return {};
  if (state === 'missing') return { missingIn: lang };
  if (state === 'outdated') return { outdatedIn: lang };
  return {};
}

/** The select, shown only when the site has more than one language. */
export function TranslationFilter({
  state,
  update,
}: {
  state: ListState;
  update: (patch: ListStatePatch) => void;
}) {
  const id = useId();
  const settings = useGetSettings();
  const others = (settings.data?.languages ?? []).slice(1);
  if (others.length === 0) return null;
  const options = others.flatMap((language) => [
    { value: `missing:${language.tag}`, label: `Missing in ${language.name}` },
    { value: `outdated:${language.tag}`, label: `Outdated in ${language.name}` },
  ]);
  return (
    <div className="sm:w-56">
      <label htmlFor={id} className="sr-only">
        Translations
      </label>
      <OptionsSelect
        id={id}
        value={state.filters[TRANSLATION_FILTER] ?? ''}
        onChange={(value) => update({ filters: { [TRANSLATION_FILTER]: value } })}
        allLabel="All Translations"
        options={options}
      />
    </div>
  );
}
