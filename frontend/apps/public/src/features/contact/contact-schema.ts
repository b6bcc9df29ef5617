import type { ProofOfWork } from '@atelier/api-client/api';
import { visitAttribution } from '@/lib/beacon';
import { z } from '@/lib/zod';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const required = (message: string) => z.string().trim().min(1, message);

/** The contact form: name, email, subject and message are all required (public-site.md §5). */
export const contactSchema = z.object({
  name: required('Name is required'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .refine((value) => EMAIL.test(value), 'Email is invalid'),
  subject: required('Subject is required'),
  message: required('Message is required'),
  website: z.string(),
});

export type ContactValues = z.input<typeof contactSchema>;

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  email: '',
  subject: '',
  message: '',
  website: '',
};

/** What the website sends to POST /contacts (public-site.md §4). */
export interface ContactPayload {
  name: string;
  email: string;
  phone: '';
  subject: string;
  message: string;
  status: 'new';
  priority: 'medium';
  source: 'website';
  tags: [];
  website: string;
  /** The solved challenge (docs/spam.md). */
  proofOfWork: ProofOfWork;
}

export const toContactPayload = (
  values: z.output<typeof contactSchema>,
  proofOfWork: ProofOfWork,
): ContactPayload => ({
  name: values.name,
  email: values.email.toLowerCase(),
  phone: '',
  subject: values.subject,
  message: values.message,
  status: 'new',
  priority: 'medium',
  source: 'website',
  tags: [],
  website: values.website,
  proofOfWork,
  ...visitAttribution(),
});
