//! The home page's languages (docs/languages.md, "The site's own texts"): the kit's translation tabs
//! with a field for each text the page has now, named by its place as the API names it
//! (`hero.title`, `sections.why-hire.steps.2`, `footerServices.0`), grouped as the page's form
//! groups them. Link targets, figures' values and the sections' order are the page's own, the same
//! in every language.
import { type HomePage, TranslationKind } from '@atelier/api-client/api';
import type { TranslatedField, TranslationSpec } from '@/kit/translations/translation-spec';
import { type SectionPart, sectionLabel, sectionParts } from './home-page-form';

interface Text {
  field: TranslatedField;
  text: string;
}

/** Every non-empty text of the home page, in the page's order, as a translatable field. */
export const homeTexts = (home: HomePage): Text[] => {
  const texts: Text[] = [];
  const add = (name: string, label: string, text: string, group: string, long = false) => {
    if (!text) return;
    texts.push({ field: { name, label, input: long ? 'textarea' : 'text', group }, text });
  };
  add('hero.title', 'Title', home.hero.title, 'Hero');
  add('hero.subtitle', 'Subtitle', home.hero.subtitle, 'Hero', true);
  home.hero.links.forEach((link, at) => {
    add(`hero.links.${at}.label`, `Button ${at + 1}`, link.label, 'Hero');
  });
  add('hero.trustedBy', 'Line under the buttons', home.hero.trustedBy, 'Hero');
  for (const section of home.sections) {
    const at = (part: string) => `sections.${section.key}.${part}`;
    const group = sectionLabel(section.key);
    // Only the parts the site shows of the section: the server translates those alone.
    const shows = (part: SectionPart) => sectionParts(section.key).includes(part);
    if (shows('heading')) {
      add(at('heading'), 'Heading', section.heading, group);
      add(at('subheading'), 'Subheading', section.subheading, group, true);
    }
    if (shows('items')) {
      section.items.forEach((item, index) => {
        add(at(`items.${index}.title`), `Item ${index + 1} title`, item.title, group);
        add(at(`items.${index}.text`), `Item ${index + 1} text`, item.text, group, true);
      });
    }
    if (shows('figures')) {
      section.figures.forEach((figure, index) => {
        add(at(`figures.${index}.label`), `Figure ${index + 1} label`, figure.label, group);
      });
    }
    if (shows('note')) {
      add(at('note.title'), 'Note title', section.note.title, group);
      if (section.key !== 'about')
        add(at('note.text'), 'Note text', section.note.text, group, true);
    }
    if (shows('steps')) {
      add(at('stepsHeading'), 'Steps heading', section.stepsHeading, group);
      section.steps.forEach((step, index) => {
        add(at(`steps.${index}`), `Step ${index + 1}`, step, group);
      });
    }
    if (shows('links')) {
      section.links.forEach((link, index) => {
        add(at(`links.${index}.label`), `Link ${index + 1}`, link.label, group);
      });
    }
  }
  home.footerServices.forEach((service, at) => {
    add(`footerServices.${at}`, `Service ${at + 1}`, service, 'Footer services');
  });
  return texts;
};

/** The home page's translations: its texts as they are now (a new text gets its field). */
export const homeTranslations = (home: HomePage): TranslationSpec<HomePage> => {
  const texts = homeTexts(home);
  return {
    kind: TranslationKind.site,
    noun: 'home page',
    fields: texts.map((text) => text.field),
    autosaveScope: 'home-page',
    id: () => 'home',
    source: () => Object.fromEntries(texts.map((text) => [text.field.name, text.text])),
  };
};
