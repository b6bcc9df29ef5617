import { type MessageId, t } from '@atelier/messages/intl';

/** The name of each option of the project request form, by its stored value. */
const OPTION_LABELS: Readonly<Record<string, MessageId>> = {
  website: 'request.option.website',
  'mobile-app': 'request.option.mobileApp',
  'web-app': 'request.option.webApp',
  ecommerce: 'request.option.ecommerce',
  'ui-ux': 'request.option.uiUx',
  seo: 'request.option.seo',
  custom: 'request.option.custom',
  'under-5k': 'request.option.under5k',
  '5k-10k': 'request.option.5kTo10k',
  '10k-25k': 'request.option.10kTo25k',
  '25k-50k': 'request.option.25kTo50k',
  'over-50k': 'request.option.over50k',
  'not-sure': 'request.option.notSure',
  asap: 'request.option.asap',
  '1-3-months': 'request.option.1To3Months',
  '3-6-months': 'request.option.3To6Months',
  '6-plus-months': 'request.option.6PlusMonths',
  flexible: 'request.option.flexible',
};

/** An option's name in the page's language (its English label for a value the catalogues lack). */
export const optionLabel = (option: { value: string; label: string }) => {
  const id = OPTION_LABELS[option.value];
  return id ? t(id) : option.label;
};

/** A select's options: its placeholder (no value), then every option. */
export const choices = (
  placeholder: string,
  options: readonly { value: string; label: string }[],
) => (
  <>
    <option value="">{placeholder}</option>
    {options.map((option) => (
      <option key={option.value} value={option.value}>
        {optionLabel(option)}
      </option>
    ))}
  </>
);
