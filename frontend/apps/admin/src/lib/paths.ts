/** The back office is served under /admin; paths below are relative to it. */
export const ADMIN_BASENAME = '/admin';
export const LOGIN_PATH = '/login';
export const DASHBOARD_PATH = '/dashboard';
/** Where an invitation link lands; its token follows in the fragment. */
export const ACCEPT_INVITE_PATH = '/accept-invite';
