//! The site's languages (docs/languages.md): the default first, edited in place but never removed
//! or replaced, then the others, added and removed here; and what an untranslated record does.
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { Icon } from '@atelier/ui/icon';
import { faPlus, faTrash } from '@fortawesome/free-solid-svg-icons';
import { useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Card, secondaryButton } from '@/kit/card';
import { SelectField, TextField } from '@/kit/fields/fields';
import { useFieldLabel } from '@/kit/versions/field-labels';
import { MAX_LANGUAGES, type SettingsValues } from './settings-schema';
import { NEW_LANGUAGE } from './settings-values';

export const DIRECTIONS = [
  { value: 'ltr', label: 'Left to right' },
  { value: 'rtl', label: 'Right to left' },
] as const;

export const UNTRANSLATED = [
  { value: 'fallback', label: 'Show in the default language' },
  { value: 'hide', label: 'Leave out of lists' },
] as const;

export const LANGUAGE_MESSAGES = {
  removeTitle: (name: string) => `Remove ${name}?`,
  removeQuestion: (name: string) =>
    `${name} is taken off the site when you save. Its translations are kept, and come back if the language is added again.`,
} as const;

/** How a row is named in its legend and buttons: its name, else its place. */
const rowName = (name: string | undefined, index: number) =>
  name?.trim() || `Language ${index + 1}`;

/** One language: its tag, name and direction, in a group named by its place. */
function LanguageRow({
  index,
  onRemove,
}: {
  index: number;
  /** Asks to remove the row; none for the default language. */
  onRemove?: (name: string) => void;
}) {
  const name = useWatch<SettingsValues>({ name: `languages.${index}.name` }) as string | undefined;
  const isDefault = index === 0;
  return (
    <li>
      <fieldset className="rounded-lg border border-gray-200 p-3">
        <legend className="flex items-center gap-2 px-1 text-sm font-medium text-gray-800">
          {isDefault ? 'Default language' : rowName(name, index)}
          {isDefault && (
            <span
              aria-hidden="true"
              className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800"
            >
              Default
            </span>
          )}
        </legend>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,8rem)_minmax(0,1fr)_minmax(0,11rem)_7.5rem] sm:items-start">
          <TextField name={`languages.${index}.tag`} label="Tag" placeholder="de" />
          <TextField name={`languages.${index}.name`} label="Name" placeholder="Deutsch" />
          <SelectField
            name={`languages.${index}.direction`}
            label="Direction"
            options={DIRECTIONS}
          />
          {onRemove && (
            <button
              type="button"
              onClick={() => onRemove(rowName(name, index))}
              aria-label={`Remove ${rowName(name, index)}`}
              className={`${secondaryButton} self-end text-red-700 hover:bg-red-50 sm:mb-0.5`}
            >
              <Icon icon={faTrash} className="h-3.5 w-3.5" />
              Remove
            </button>
          )}
        </div>
      </fieldset>
    </li>
  );
}

/** The Languages card of the settings form. */
export function LanguagesCard() {
  useFieldLabel('languages', 'Languages');
  const { control } = useFormContext<SettingsValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'languages' });
  const [pending, setPending] = useState<{ index: number; name: string } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = fields.length >= MAX_LANGUAGES;

  return (
    <Card
      title="Languages"
      description="The default language is the site's own texts at its usual addresses; every other language is read under /{tag}/… (de: /de/blog/…)."
    >
      <ol className="space-y-3" aria-label="Site languages">
        {fields.map((field, index) => (
          <LanguageRow
            key={field.id}
            index={index}
            onRemove={index === 0 ? undefined : (name) => setPending({ index, name })}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={addButton}
          type="button"
          disabled={full}
          onClick={() => append({ ...NEW_LANGUAGE })}
          className={secondaryButton}
        >
          <Icon icon={faPlus} className="h-3 w-3" />
          Add Language
        </button>
        <p className="text-sm text-gray-600">
          {full
            ? `A site has at most ${MAX_LANGUAGES} languages.`
            : 'A tag such as de, fr-CA or ar; the name as the language calls itself (Deutsch).'}
        </p>
      </div>
      <SelectField
        name="untranslatedContent"
        label="Untranslated content"
        options={UNTRANSLATED}
        hint="What a list in another language does with a record that has no translation in it. Its own page always shows it in the default language."
      />
      <ConfirmDialog
        open={pending !== null}
        title={LANGUAGE_MESSAGES.removeTitle(pending?.name ?? '')}
        message={pending ? LANGUAGE_MESSAGES.removeQuestion(pending.name) : ''}
        confirmLabel="Remove"
        busyLabel="Removing…"
        tone="primary"
        onConfirm={() => {
          if (pending) remove(pending.index);
          setPending(null);
          // The row's button is gone: the focus goes on to "Add Language" once the dialog closed.
          setTimeout(() => addButton.current?.focus(), 0);
        }}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
