//! The media item's editable fields: their rules (back-office.md) and their values from an item.
import type { MediaItem } from '@atelier/api-client/api';
import { z } from 'zod';

export const schema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  alt: z.string().trim().max(500, 'Alt text must be at most 500 characters'),
  tags: z
    .array(z.string())
    .max(20, 'At most 20 tags are allowed')
    .refine(
      (tags) => tags.every((tag) => tag.trim().length <= 50),
      'Each tag must be at most 50 characters',
    ),
});
export type Values = z.infer<typeof schema>;

export const valuesOf = (item: MediaItem): Values => ({
  title: item.title,
  alt: item.alt,
  tags: item.tags,
});
