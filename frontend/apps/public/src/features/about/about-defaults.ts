import { t } from '@atelier/messages/intl';
import { loadCataloguePart } from '@atelier/messages/load';

// The built-in texts are a part of the catalogues of their own: loaded with the About page and
// the home page's About section only.
await loadCataloguePart('builtin');

/** The built-in about text in the page's language, shown while GET /content/about is not available. */
export const defaultAbout = () => ({
  title: t('builtin.about.title'),
  subtitle: t('builtin.about.subtitle'),
  description: t('builtin.about.description'),
  mission: t('builtin.about.mission'),
  vision: t('builtin.about.vision'),
  values: [
    t('builtin.about.value1'),
    t('builtin.about.value2'),
    t('builtin.about.value3'),
    t('builtin.about.value4'),
  ],
});

/** A value is written 'Title - description': split at the first ' - '. */
export const splitValue = (value: string): { title: string; description: string } => {
  const separator = value.indexOf(' - ');
  if (separator === -1) return { title: value, description: '' };
  return { title: value.slice(0, separator), description: value.slice(separator + 3) };
};
