import { z } from 'zod';

/** The 21 platforms of back-office.md §2, in its order. */
export const PLATFORMS = [
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['linkedin', 'LinkedIn'],
  ['instagram', 'Instagram'],
  ['github', 'GitHub'],
  ['youtube', 'YouTube'],
  ['twitch', 'Twitch'],
  ['discord', 'Discord'],
  ['slack', 'Slack'],
  ['reddit', 'Reddit'],
  ['stackoverflow', 'Stack Overflow'],
  ['medium', 'Medium'],
  ['behance', 'Behance'],
  ['dribbble', 'Dribbble'],
  ['pinterest', 'Pinterest'],
  ['threads', 'Threads'],
  ['tiktok', 'TikTok'],
  ['snapchat', 'Snapchat'],
  ['telegram', 'Telegram'],
  ['whatsapp', 'WhatsApp'],
  ['mastodon', 'Mastodon'],
] as const;

export const platformLabel = (key: string) =>
  PLATFORMS.find(([platform]) => platform === key)?.[1] ?? key;

/** An empty text, or an absolute http(s) URL. */
export const isEmptyOrUrl = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const url = z.string().refine(isEmptyOrUrl, { message: 'Please enter a valid URL' });

export const contactDetailsSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email Address is required')
    .pipe(z.email('Please enter a valid email address')),
  phone: z.string().trim().min(1, 'Phone Number is required'),
  address: z.string().trim().min(1, 'Address is required'),
  googleMapsUrl: url,
  socialMedia: z.array(z.object({ platform: z.string(), url })),
});
export type ContactDetailsValues = z.infer<typeof contactDetailsSchema>;

/**
 * back-office.md §5: Save is enabled only when email, phone and address are filled and the map
 * URL and every social URL are empty or valid absolute URLs.
 */
export const canSave = (values: ContactDetailsValues) =>
  values.email.trim() !== '' &&
  values.phone.trim() !== '' &&
  values.address.trim() !== '' &&
  isEmptyOrUrl(values.googleMapsUrl) &&
  values.socialMedia.every((link) => isEmptyOrUrl(link.url));
