import { Icon } from '@atelier/ui/icon';
import { faArrowDown, faArrowUp } from '@fortawesome/free-solid-svg-icons';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, FieldRow, TextAreaField, TextField } from '@/kit/fields/fields';
import { SECTIONS, type SectionValues, sectionLabel } from './home-page-form';
import { EMPTY_LINK, LINK_COLUMNS, LINK_HINT, ListField } from './list-field';

const moveClass =
  'rounded-lg border border-gray-300 px-2.5 py-1.5 text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40';

/** One section's fields: shown or hidden, its place, and the texts the site shows of it. */
export function SectionFields({
  index,
  count,
  move,
}: {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
}) {
  const { control } = useFormContext();
  const section = useWatch({ control, name: `sections.${index}` }) as SectionValues | undefined;
  if (!section) return null;
  const label = sectionLabel(section.key);
  const parts = SECTIONS[section.key as keyof typeof SECTIONS]?.parts ?? [];
  const at = `sections.${index}`;
  return (
    <fieldset
      className="space-y-3 rounded-xl border border-gray-200 bg-gray-50/50 p-4"
      aria-label={label}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="font-semibold text-gray-900">
          {index + 1}. {label}
        </legend>
        <div className="flex items-center gap-3">
          <CheckboxField name={`${at}.visible`} label="Shown" />
          <button
            type="button"
            className={moveClass}
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
            aria-label={`Move ${label} up`}
          >
            <Icon icon={faArrowUp} className="h-3.5 w-3.5" />
          </button>
          <button
            type="button"
            className={moveClass}
            disabled={index === count - 1}
            onClick={() => move(index, index + 1)}
            aria-label={`Move ${label} down`}
          >
            <Icon icon={faArrowDown} className="h-3.5 w-3.5" />
          </button>
        </div>
      </div>
      {parts.includes('heading') && (
        <FieldRow>
          <TextField name={`${at}.heading`} label="Heading" />
          <TextField name={`${at}.subheading`} label="Subheading" />
        </FieldRow>
      )}
      {parts.includes('items') && (
        <ListField
          name={`${at}.items`}
          legend={section.key === 'contact' ? 'Cards' : 'Entries'}
          noun="entry"
          columns={[
            { field: 'title', label: 'Title' },
            { field: 'text', label: 'Text' },
          ]}
          max={12}
          empty={{ title: '', text: '' }}
        />
      )}
      {parts.includes('figures') && (
        <ListField
          name={`${at}.figures`}
          legend="Figures"
          noun="figure"
          columns={[
            { field: 'value', label: 'Figure', narrow: true },
            { field: 'suffix', label: 'Suffix', narrow: true },
            { field: 'label', label: 'Label' },
          ]}
          max={8}
          empty={{ value: 0, suffix: '', label: '' }}
        />
      )}
      {parts.includes('note') && (
        <FieldRow>
          <TextField
            name={`${at}.note.title`}
            label={section.key === 'about' ? 'Call to action heading' : 'Highlight'}
          />
          {section.key !== 'about' && (
            <TextAreaField name={`${at}.note.text`} label="Highlight text" rows={2} />
          )}
        </FieldRow>
      )}
      {parts.includes('steps') && (
        <>
          <TextField name={`${at}.stepsHeading`} label="Process heading" />
          <ListField
            name={`${at}.steps`}
            legend="Process steps"
            noun="step"
            columns={[{ field: 'text', label: 'Step' }]}
            max={12}
            empty={{ text: '' }}
          />
        </>
      )}
      {parts.includes('links') && (
        <div>
          <ListField
            name={`${at}.links`}
            legend="Buttons"
            noun="button"
            columns={LINK_COLUMNS}
            max={3}
            empty={EMPTY_LINK}
          />
          <p className="mt-1 text-xs text-gray-500">{LINK_HINT}</p>
        </div>
      )}
    </fieldset>
  );
}
