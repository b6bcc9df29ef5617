import {
  type HomePage,
  type HomePageInput,
  type HomeSectionKey,
  useGetHomePageRevision,
  useListHomePageRevisions,
  useRestoreHomePageRevision,
} from '@atelier/api-client/api';
import { z } from 'zod';
import type { HistoryField } from '@/kit/history/diff-view';
import type { HistoryBinding } from '@/kit/history/history-panel';

export const HOME_PAGE_SAVED = 'Home page saved successfully!';

/** The parts of a section the site shows (the server keeps the others). */
export type SectionPart = 'heading' | 'items' | 'figures' | 'note' | 'steps' | 'links';

/** Each section's name on this screen and the parts the site shows of it. */
export const SECTIONS: Record<HomeSectionKey, { label: string; parts: readonly SectionPart[] }> = {
  features: { label: 'Features strip', parts: ['items'] },
  about: { label: 'About (texts from Content › About Us)', parts: ['note', 'links'] },
  services: { label: 'Services', parts: ['heading', 'links'] },
  portfolio: { label: 'Portfolio', parts: ['heading', 'links'] },
  blog: { label: 'Blog', parts: ['heading', 'links'] },
  testimonials: { label: 'Testimonials', parts: ['heading'] },
  'why-choose-us': { label: 'Why Choose Us', parts: ['heading', 'items'] },
  faq: { label: 'FAQ', parts: ['heading', 'links'] },
  contact: { label: "Let's Work Together", parts: ['heading', 'items'] },
  'why-hire': {
    label: 'Why Hire Our Company',
    parts: ['heading', 'items', 'figures', 'note', 'steps', 'links'],
  },
};

export const TARGET_MESSAGE =
  'Link target must be a path on this site (/…), an anchor (#…) or an absolute http(s) URL';
/** What the server takes as a link's target. */
const TARGET = /^\s*(?:\/(?!\/)[^\s\\]*|#[A-Za-z0-9_-]{1,100}|https?:\/\/[^\s/?#][^\s]*)\s*$/;

const link = z.object({
  label: z.string().trim().min(1, 'Link text is required').max(80),
  target: z.string().regex(TARGET, TARGET_MESSAGE),
});
const item = z.object({ title: z.string().max(200), text: z.string().max(600) });
const line = z.object({ text: z.string().max(80) });

export const schema = z.object({
  hero: z.object({
    title: z.string().trim().min(1, 'Title is required').max(200),
    subtitle: z.string().max(600),
    trustedBy: z.string().max(200),
    links: z.array(link).max(3),
  }),
  sections: z.array(
    z.object({
      key: z.string(),
      visible: z.boolean(),
      heading: z.string().max(200),
      subheading: z.string().max(600),
      items: z.array(item).max(12),
      figures: z
        .array(
          z.object({
            value: z.coerce.number().int().min(0).max(1_000_000),
            suffix: z.string().max(8),
            label: z.string().trim().min(1, 'Figure label is required').max(80),
          }),
        )
        .max(8),
      note: item,
      stepsHeading: z.string().max(200),
      steps: z.array(line).max(12),
      links: z.array(link).max(3),
    }),
  ),
  footerServices: z.array(line).max(12),
});
export type Values = z.infer<typeof schema>;
export type SectionValues = Values['sections'][number];

const EMPTY: Values = {
  hero: { title: '', subtitle: '', trustedBy: '', links: [] },
  sections: [],
  footerServices: [],
};

export const toValues = (home: HomePage | undefined): Values =>
  home
    ? {
        hero: {
          title: home.hero.title,
          subtitle: home.hero.subtitle,
          trustedBy: home.hero.trustedBy,
          links: home.hero.links.map((entry) => ({ ...entry })),
        },
        sections: home.sections.map((section) => ({
          key: section.key,
          visible: section.visible,
          heading: section.heading,
          subheading: section.subheading,
          items: section.items.map((entry) => ({ ...entry })),
          figures: section.figures.map((entry) => ({ ...entry })),
          note: { ...section.note },
          stepsHeading: section.stepsHeading,
          steps: section.steps.map((text) => ({ text })),
          links: section.links.map((entry) => ({ ...entry })),
        })),
        footerServices: home.footerServices.map((text) => ({ text })),
      }
    : EMPTY;

/** The whole page as saved: the sections in the form's order. */
export const toInput = (values: Values): HomePageInput => ({
  hero: values.hero,
  sections: values.sections.map((section, index) => ({
    ...section,
    key: section.key as HomeSectionKey,
    order: index + 1,
    steps: section.steps.map((step) => step.text),
  })),
  footerServices: values.footerServices.map((service) => service.text),
});

/** A section's name on this screen. */
export const sectionLabel = (key: string) => SECTIONS[key as HomeSectionKey]?.label ?? key;

/** The parts the site shows of the section `key` (as the server's `SectionKey::parts`). */
export const sectionParts = (key: string): readonly SectionPart[] =>
  SECTIONS[key as HomeSectionKey]?.parts ?? [];

const sectionText = (section: SectionValues) =>
  [
    section.visible ? 'Shown' : 'Hidden',
    section.heading,
    section.subheading,
    ...section.items.map((entry) => `${entry.title}: ${entry.text}`),
    ...section.figures.map((entry) => `${entry.value}${entry.suffix} ${entry.label}`),
    `${section.note.title} ${section.note.text}`.trim(),
    section.stepsHeading,
    ...section.steps.map((step) => step.text),
    ...section.links.map((entry) => `${entry.label} → ${entry.target}`),
  ]
    .filter(Boolean)
    .join('\n');

const HISTORY_FIELDS: readonly HistoryField<Values>[] = [
  { label: 'Hero', text: (values) => [values.hero.title, values.hero.subtitle].join('\n') },
  {
    label: 'Hero buttons',
    text: (values) =>
      values.hero.links.map((entry) => `${entry.label} → ${entry.target}`).join('\n'),
  },
  { label: 'Trusted by', text: (values) => values.hero.trustedBy },
  {
    label: 'Section order',
    text: (values) => values.sections.map((section) => sectionLabel(section.key)).join('\n'),
    kind: 'markdown',
  },
  ...Object.entries(SECTIONS).map(([key, { label }]) => ({
    label,
    text: (values: Values) => {
      const section = values.sections.find((entry) => entry.key === key);
      return section ? sectionText(section) : '';
    },
    kind: 'markdown' as const,
  })),
  {
    label: 'Footer services',
    text: (values) => values.footerServices.map((service) => service.text).join('\n'),
    kind: 'markdown',
  },
];

/** The home page's revision history (one record: the key is not used). */
export const homePageHistory: HistoryBinding<HomePage, Values> = {
  noun: 'home page',
  useRevisions: () => useListHomePageRevisions(),
  useRevision: (_key, revisionId) => useGetHomePageRevision(revisionId),
  useRestore: () => {
    const restore = useRestoreHomePageRevision();
    return {
      isPending: restore.isPending,
      mutateAsync: ({ revisionId }) => restore.mutateAsync({ revisionId }),
    };
  },
  useFields: () => HISTORY_FIELDS,
  invalidates: ['/home-page'],
};
