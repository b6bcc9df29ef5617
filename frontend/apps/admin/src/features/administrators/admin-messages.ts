export const ADMIN_MESSAGES = {
  invited: 'Invitation created. Copy the link and pass it on.',
  invitedAndMailed: 'Invitation created and emailed. You can also copy the link.',
  inviteFailed: 'Failed to create the invitation',
  withdrawn: 'Invitation withdrawn',
  removed: 'Administrator removed',
  removeQuestion: (name: string) =>
    `Are you sure you want to remove ${name}? They are signed out at once and can no longer sign in.`,
  removeSelfQuestion:
    'Are you sure you want to remove your own account? You are signed out at once and can no longer sign in.',
  linkCopied: 'Link copied',
} as const;

/** A button that removes or withdraws. */
export const dangerButton =
  'rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';
