import {
  type NewProjectRequest,
  type ProjectRequest,
  useCreateProjectRequest,
} from '@atelier/api-client/api';
import { ADMIN_PROJECT_TYPES, BUDGETS, TIMELINES } from '@atelier/ui/project-request-options';
import { z } from 'zod';
import { FieldRow, SelectField, TextAreaField, TextField } from '@/kit/fields/fields';
import type { FormHost } from '@/kit/form/resource-form';
import { optional } from '@/kit/values';
import { INVALIDATES, PRIORITIES, SOURCES } from './request-options';

const required = (message: string) => z.string().trim().min(1, message);
const schema = z.object({
  clientName: required('Name is required'),
  companyName: required('Company name is required'),
  email: required('Email is required').pipe(z.email('Email is invalid')),
  phone: z.string(),
  projectType: required('Please select a project type'),
  budget: required('Please select a budget range'),
  timeline: required('Please select a timeline'),
  description: required('Please provide a brief description'),
  priority: z.enum(['low', 'medium', 'high', 'urgent']),
  source: z.enum(['website', 'referral', 'social_media', 'email', 'phone', 'other']),
});
type Values = z.infer<typeof schema>;

const DEFAULTS: Values = {
  clientName: '',
  companyName: '',
  email: '',
  phone: '',
  projectType: '',
  budget: '',
  timeline: '',
  description: '',
  priority: 'medium',
  source: 'website',
};

/** The create form of the right pane (back-office.md §5 'Project request creation'). */
export const requestForm: FormHost<ProjectRequest, Values, NewProjectRequest> = {
  title: 'New Project Request',
  form: {
    variant: 'inline',
    schema,
    defaults: DEFAULTS,
    fromRecord: () => DEFAULTS,
    // An administrator's entry needs no proof of work (docs/spam.md).
    toInput: ({ phone, ...values }) => ({ ...values, phone: optional(phone), proofOfWork: null }),
    fields: () => (
      <>
        <FieldRow>
          <TextField name="clientName" label="Client Name" required autoComplete="name" />
          <TextField name="companyName" label="Company Name" required autoComplete="organization" />
        </FieldRow>
        <FieldRow>
          <TextField name="email" label="Email" type="email" required autoComplete="email" />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
        </FieldRow>
        <SelectField
          name="projectType"
          label="Project Type"
          required
          options={[
            { value: '', label: 'Select a project type' },
            ...ADMIN_PROJECT_TYPES.map((type) => ({ value: type, label: type })),
          ]}
        />
        <FieldRow>
          <TextField
            name="budget"
            label="Budget"
            required
            placeholder="e.g. $10,000 - $25,000"
            suggestions={BUDGETS.map((option) => option.label)}
          />
          <TextField
            name="timeline"
            label="Timeline"
            required
            placeholder="e.g. 1-3 months"
            suggestions={TIMELINES.map((option) => option.label)}
          />
        </FieldRow>
        <TextAreaField name="description" label="Description" required rows={5} />
        <FieldRow>
          <SelectField name="priority" label="Priority" options={PRIORITIES} />
          <SelectField name="source" label="Source" options={SOURCES} />
        </FieldRow>
      </>
    ),
    titles: { create: 'New Project Request', edit: 'New Project Request' },
    submitLabels: { create: 'Create Request', edit: 'Create Request' },
  },
  api: { useCreate: useCreateProjectRequest, invalidates: INVALIDATES },
  messages: {
    created: 'Project request created successfully!',
    updated: 'Project request updated successfully!',
    deleted: 'Project request deleted successfully!',
    deleteQuestion: '',
    plural: 'project requests',
  },
};
