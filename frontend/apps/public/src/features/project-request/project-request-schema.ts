import type { ProofOfWork } from '@atelier/api-client/api';
import { CUSTOM_PROJECT_TYPE } from '@atelier/ui/project-request-options';
import { visitAttribution } from '@/lib/beacon';
import { z } from '@/lib/zod';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const required = (message: string) => z.string().trim().min(1, message);

/** The form's rules, with the specification's messages word for word (public-site.md §5). */
export const projectRequestSchema = z
  .object({
    clientName: required('Name is required'),
    companyName: required('Company name is required'),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .refine((value) => EMAIL.test(value), 'Email is invalid'),
    phone: z.string().trim(),
    projectType: required('Please select a project type'),
    customProjectType: z.string().trim(),
    budget: required('Please select a budget range'),
    timeline: required('Please select a timeline'),
    description: required('Please provide a brief description'),
    termsAccepted: z.boolean().refine((value) => value, 'You must accept the terms'),
    website: z.string(),
  })
  .superRefine((values, context) => {
    if (values.projectType === CUSTOM_PROJECT_TYPE && values.customProjectType === '') {
      context.addIssue({
        code: 'custom',
        path: ['customProjectType'],
        message: 'Please specify your project type',
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
