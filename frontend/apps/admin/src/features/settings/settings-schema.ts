import { z } from 'zod';

/** back-office.md §5 and §9: from 1 to 12; anything that is not a number becomes 6. */
export const MAX_SERVICES_FALLBACK = 6;
export const maxServicesOf = (raw: string) => {
  const value = Number.parseInt(raw.trim(), 10);
  return Number.isFinite(value) ? value : MAX_SERVICES_FALLBACK;
};

const optionalEmail = z
  .string()
  .trim()
  .refine((value) => value === '' || z.email().safeParse(value).success, {
    message: 'Please enter a valid email address',
  });

const optionalUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), {
    message: 'Please enter a valid URL',
  });

export const SOCIAL_FIELDS = [
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['linkedin', 'LinkedIn'],
  ['instagram', 'Instagram'],
  ['github', 'GitHub'],
] as const;

/** docs/languages.md: the limits the server holds a language to. */
export const MAX_LANGUAGES = 20;
export const MAX_TAG_LENGTH = 35;
export const MAX_LANGUAGE_NAME_LENGTH = 60;
/** A BCP 47 tag's shape (the server also refuses tags that name no language, and /api, /faq). */
const TAG_SHAPE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;
export const TAG_MESSAGE = `Language must be a language tag such as en, de or fr-CA, at most ${MAX_TAG_LENGTH} characters`;

const language = z.object({
  tag: z
    .string()
    .trim()
    .refine((tag) => tag.length <= MAX_TAG_LENGTH && TAG_SHAPE.test(tag), { message: TAG_MESSAGE }),
  name: z
    .string()
    .trim()
    .min(1, { message: 'Name is required' })
    .max(MAX_LANGUAGE_NAME_LENGTH, {
      message: `Name must be at most ${MAX_LANGUAGE_NAME_LENGTH} characters`,
    }),
  direction: z.enum(['ltr', 'rtl']),
});
export type LanguageValues = z.infer<typeof language>;

/** Each tag once, in any case (`DE` is `de`), as the server counts them. */
const languages = z
  .array(language)
  .min(1, { message: 'The site needs at least one language' })
  .max(MAX_LANGUAGES, { message: `A site has at most ${MAX_LANGUAGES} languages` })
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      const tag = entry.tag.trim().toLowerCase();
      if (tag === '') return;
      if (seen.has(tag)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'tag'],
          message: `Language ${entry.tag.trim()} is listed twice`,
        });
      }
      seen.add(tag);
    });
  });

export const settingsSchema = z.object({
  siteName: z.string().trim(),
  siteDescription: z.string().trim(),
  contactEmail: optionalEmail,
  supportEmail: optionalEmail,
  socialMedia: z.object({
    facebook: optionalUrl,
    twitter: optionalUrl,
    linkedin: optionalUrl,
    instagram: optionalUrl,
    github: optionalUrl,
  }),
  services: z.object({
    showPrices: z.boolean(),
    defaultPriceDisplay: z.string().trim(),
    maxServicesDisplay: z.string().refine(
      (raw) => {
        const value = maxServicesOf(raw);
        return value >= 1 && value <= 12;
      },
      { message: 'Max Services to Display must be from 1 to 12' },
    ),
  }),
  languages,
  untranslatedContent: z.enum(['fallback', 'hide']),
});
export type SettingsValues = z.infer<typeof settingsSchema>;
