export const ADMIN_MESSAGES = {
  invited: 'Invitation created. Copy the link and pass it on.',
  invitedAndMailed: 'Invitation created and emailed. You can also copy the link.',
  inviteFailed: 'Failed to create the invitation',
  withdrawn: 'Invitation withdrawn',
  removed: 'Account removed',
  roleChanged: 'Role changed',
  roleChangeFailed: 'Failed to change the role',
  handedOver: 'Ownership handed over: you are now an Administrator',
  handOverFailed: 'Failed to hand ownership over',
  roleQuestion: (name: string, role: string) =>
    `Are you sure you want to give ${name} the ${role} role? It applies from their next request.`,
  handOverQuestion: (name: string) =>
    `Are you sure you want to make ${name} the Owner? You become an Administrator, and only ${name} can hand ownership on again.`,
  ownerStays: "The Owner's account cannot be removed: hand ownership over first",
  removeQuestion: (name: string) =>
    `Are you sure you want to remove ${name}? They are signed out at once and can no longer sign in.`,
  removeSelfQuestion:
    'Are you sure you want to remove your own account? You are signed out at once and can no longer sign in.',
  linkCopied: 'Link copied',
} as const;

/** A button that removes or withdraws. */
export const dangerButton =
  'rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';

/** What each role may do, as the role select and the invitation explain it. */
export const ROLE_SUMMARIES = {
  owner: 'Everything, and the only one who hands ownership over',
  administrator: 'Everything but handing ownership over',
  editor: 'All content, publishing included; no accounts, settings, audit log or exports',
  author: 'Creates posts and projects and uploads media',
  contributor: 'Writes drafts of posts',
  sales: 'Contact messages, project requests and the newsletter list; reads content',
} as const;
