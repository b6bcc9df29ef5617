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
});
export type SettingsValues = z.infer<typeof settingsSchema>;
