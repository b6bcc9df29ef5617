import type { MediaTag } from '@atelier/api-client/api';
import { KIND_OPTIONS } from './media-values';

/** The library's sidebar: the search box, the type radios and the tags with their counts. */
export function MediaFilters({
  headingId,
  draft,
  onDraft,
  kind,
  tag,
  tags,
  setParam,
}: {
  headingId: string;
  /** The search as typed (the address follows after a pause). */
  draft: string;
  onDraft: (draft: string) => void;
  /** The type chosen, '' for all. */
  kind: string;
  tag: string;
  tags: readonly MediaTag[] | undefined;
  setParam: (key: string, value: string) => void;
}) {
  return (
    <aside
      aria-label="Filters"
      className="space-y-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm lg:self-start"
    >
      <div>
        <label
          htmlFor={`${headingId}-search`}
          className="mb-1 block text-sm font-medium text-gray-700"
        >
          Search
        </label>
        <input
          id={`${headingId}-search`}
          type="search"
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
          placeholder="Title, alt text, tag…"
          className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-700">Type</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 lg:flex-col">
          {KIND_OPTIONS.map((option) => (
            <label
              key={option.label}
              className="inline-flex items-center gap-2 text-sm text-gray-800"
            >
              <input
                type="radio"
                name={`${headingId}-kind`}
                value={option.value}
                checked={kind === option.value}
                onChange={() => setParam('kind', option.value)}
                className="accent-blue-600"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <h2 className="mb-1 text-sm font-medium text-gray-700">Tags</h2>
        {tags && tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {tags.map((entry) => (
              <li key={entry.tag}>
                <button
                  type="button"
                  aria-pressed={tag === entry.tag}
                  onClick={() => setParam('tag', tag === entry.tag ? '' : entry.tag)}
                  className={`rounded-full border px-3 py-1 text-sm ${
                    tag === entry.tag
                      ? 'border-blue-600 bg-blue-600 text-white'
                      : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
                  }`}
                >
                  {entry.tag}{' '}
                  <span className={tag === entry.tag ? 'text-blue-100' : 'text-gray-500'}>
                    ({entry.count})
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">No tags yet</p>
        )}
      </div>
    </aside>
  );
}
