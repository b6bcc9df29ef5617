import type { WebhookEvent } from '@atelier/api-client/api';

/** The screen's words. */
export const WEBHOOK_MESSAGES = {
  created: 'Endpoint added',
  updated: 'Endpoint saved',
  deleted: 'Endpoint deleted',
  rotated: 'Secret rotated',
  testQueued: 'Test event queued: it is sent within seconds',
  redelivered: 'Delivery queued again',
  copied: 'Secret copied',
  saveFailed: 'Failed to save the endpoint',
  testFailed: 'Failed to queue the test event',
  rotateFailed: 'Failed to rotate the secret',
  redeliverFailed: 'Failed to queue the delivery again',
  eventsRequired: 'Choose at least one event',
  urlRequired: 'URL is required',
  urlInvalid: 'URL must be an absolute http(s) URL',
  rotateQuestion: (url: string) =>
    `A new secret replaces the current one for ${url} at once: messages signed with the old one stop verifying. Update the receiver with the new secret.`,
  deleteQuestion: (url: string) =>
    `Delete the endpoint ${url}? Its deliveries and their log go with it.`,
  disabled: (url: string) =>
    `${url} was switched off after a day of failed deliveries. Fix the receiver, then switch it back on (Edit, Active).`,
} as const;

/** What each event means, in the order the API lists them. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'A post is published',
  'post.updated': 'A published post changes',
  'post.unpublished': 'A post is unpublished',
  'post.deleted': 'A published post is deleted',
  'post.translation.published': "A post's translation is published",
  'post.translation.updated': "A published post's translation changes",
  'post.translation.unpublished': "A post's translation is unpublished",
  'post.translation.deleted': "A published post's translation is deleted",
  'project.published': 'A project is published',
  'project.updated': 'A published project changes',
  'project.unpublished': 'A project is unpublished',
  'project.deleted': 'A published project is deleted',
  'page.published': 'A page is published',
  'page.updated': 'A published page changes',
  'page.unpublished': 'A page is unpublished',
  'page.deleted': 'A published page is deleted',
  'contact.received': 'A contact message arrives',
  'project_request.received': 'A project request arrives',
  'project_request.status_changed': "A project request's status changes",
  'newsletter.confirmed': 'A newsletter sign-up is confirmed',
};

export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';
export const smallButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60';
