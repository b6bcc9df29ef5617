import type { LeadSource, ProjectPriority, ProjectRequestStatus } from '@atelier/api-client/api';
import { humanize } from '@/kit/values';

/** back-office.md §4: the seven statuses in pipeline order, new_request first. */
export const REQUEST_STATUSES = [
  { value: 'new_request', label: 'New Request' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'proposal_sent', label: 'Proposal Sent' },
  { value: 'in_negotiation', label: 'In Negotiation' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'completed', label: 'Completed' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly { value: ProjectRequestStatus; label: string }[];

export const PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
] as const satisfies readonly { value: ProjectPriority; label: string }[];

export const SOURCES = [
  { value: 'website', label: 'Website' },
  { value: 'referral', label: 'Referral' },
  { value: 'social_media', label: 'Social Media' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: LeadSource; label: string }[];

export const statusLabel = (status: string) =>
  REQUEST_STATUSES.find((option) => option.value === status)?.label ?? humanize(status);

export const INVALIDATES = ['/project-requests'];
