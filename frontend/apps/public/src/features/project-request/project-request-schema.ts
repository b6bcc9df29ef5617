import type { ProofOfWork } from '@atelier/api-client/api';
import { type MessageId, t } from '@atelier/messages/intl';
import { CUSTOM_PROJECT_TYPE } from '@atelier/ui/project-request-options';
import { visitAttribution } from '@/lib/beacon';
import { z } from '@/lib/zod';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A message of the catalogue, read when a value is checked (the page's language is known by then). */
const says = (id: MessageId) => ({ error: () => t(id) });
const required = (id: MessageId) => z.string().trim().min(1, says(id));

/** The form's rules, with the specification's messages word for word (public-site.md §5). */
export const projectRequestSchema = z
  .object({
    clientName: required('request.nameRequired'),
    companyName: required('request.companyRequired'),
    email: z
      .string()
      .trim()
      .min(1, says('request.emailRequired'))
      .refine((value) => EMAIL.test(value), says('request.emailInvalid')),
    phone: z.string().trim(),
    projectType: required('request.typeRequired'),
    customProjectType: z.string().trim(),
    budget: required('request.budgetRequired'),
    timeline: required('request.timelineRequired'),
    description: required('request.descriptionRequired'),
    termsAccepted: z.boolean().refine((value) => value, says('request.termsRequired')),
    website: z.string(),
  })
  .superRefine((values, context) => {
    if (values.projectType === CUSTOM_PROJECT_TYPE && values.customProjectType === '') {
      context.addIssue({
        code: 'custom',
        path: ['customProjectType'],
        message: t('request.customTypeRequired'),
      });
    }
  });

export type ProjectRequestValues = z.input<typeof projectRequestSchema>;

export const EMPTY_PROJECT_REQUEST: ProjectRequestValues = {
  clientName: '',
  companyName: '',
  email: '',
  phone: '',
  projectType: '',
  customProjectType: '',
  budget: '',
  timeline: '',
  description: '',
  termsAccepted: false,
  website: '',
};

/** What the website sends to POST /project-requests. */
export interface ProjectRequestPayload {
  clientName: string;
  companyName: string;
  email: string;
  phone: string;
  projectType: string;
  budget: string;
  timeline: string;
  description: string;
  status: 'new_request';
  priority: 'medium';
  source: 'website';
  website: string;
  /** The solved challenge (docs/spam.md). */
  proofOfWork: ProofOfWork;
}

/** Trimmed values, the email lowercased, a custom type replaced by the typed text. */
export const toProjectRequestPayload = (
  values: z.output<typeof projectRequestSchema>,
  proofOfWork: ProofOfWork,
): ProjectRequestPayload => ({
  clientName: values.clientName,
  companyName: values.companyName,
  email: values.email.toLowerCase(),
  phone: values.phone,
  projectType:
    values.projectType === CUSTOM_PROJECT_TYPE ? values.customProjectType : values.projectType,
  budget: values.budget,
  timeline: values.timeline,
  description: values.description,
  status: 'new_request',
  priority: 'medium',
  source: 'website',
  website: values.website,
  proofOfWork,
  ...visitAttribution(),
});
