import type { ProofOfWork } from '@atelier/api-client/api';
import { type MessageId, t } from '@atelier/messages/intl';
import { visitAttribution } from '@/lib/beacon';
import { z } from '@/lib/zod';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A message of the catalogue, read when a value is checked (the page's language is known by then). */
const says = (id: MessageId) => ({ error: () => t(id) });
const required = (id: MessageId) => z.string().trim().min(1, says(id));

/** The contact form: name, email, subject and message are all required (public-site.md §5). */
export const contactSchema = z.object({
  name: required('contact.nameRequired'),
  email: z
    .string()
    .trim()
    .min(1, says('contact.emailRequired'))
    .refine((value) => EMAIL.test(value), says('contact.emailInvalid')),
  subject: required('contact.subjectRequired'),
  message: required('contact.messageRequired'),
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
