/** The demo services the server seeds into an empty database. */
export const FEATURED_SERVICES = [
  { title: 'Mobile App Development', color: 'blue' },
  { title: 'Web Development', color: 'indigo' },
  { title: 'UI/UX Design', color: 'purple' },
  { title: 'SEO Services', color: 'green' },
  { title: 'Custom Software', color: 'red' },
  { title: 'API Integration', color: 'yellow' },
] as const;

export const ACTIVE_NOT_FEATURED = { title: 'Cloud Migration', color: 'blue' } as const;
export const INACTIVE_SERVICE = 'Legacy Support';
