/**
 * The first administrator: the global setup passes these to `atelier serve`
 * (ATELIER_ADMIN_EMAIL / ATELIER_ADMIN_PASSWORD), which creates the account on its empty database.
 */
export const ADMIN_EMAIL = 'admin@atelier.test';
export const ADMIN_PASSWORD = 'correct-horse-battery-staple';
