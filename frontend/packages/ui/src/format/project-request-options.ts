/**
 * Option lists of the public project request form (public-site.md §9), values as the server stores
 * them; the back office shows stored values by these labels.
 */
export const PROJECT_TYPES = [
  { value: 'website', label: 'Website' },
  { value: 'mobile-app', label: 'Mobile App' },
  { value: 'web-app', label: 'Web Application' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'ui-ux', label: 'UI/UX Design' },
  { value: 'seo', label: 'SEO' },
  { value: 'custom', label: 'Custom / Other' },
] as const;

export const BUDGETS = [
  { value: 'under-5k', label: 'Under $5,000' },
  { value: '5k-10k', label: '$5,000 - $10,000' },
  { value: '10k-25k', label: '$10,000 - $25,000' },
  { value: '25k-50k', label: '$25,000 - $50,000' },
  { value: 'over-50k', label: 'Over $50,000' },
  { value: 'not-sure', label: 'Not sure yet' },
] as const;

export const TIMELINES = [
  { value: 'asap', label: 'As soon as possible' },
  { value: '1-3-months', label: '1-3 months' },
  { value: '3-6-months', label: '3-6 months' },
  { value: '6-plus-months', label: '6+ months' },
  { value: 'flexible', label: 'Flexible' },
] as const;

export const CUSTOM_PROJECT_TYPE = 'custom';

/** back-office.md §9: the project types of the back office's own form, stored as their words. */
export const ADMIN_PROJECT_TYPES = [
  'Web Application',
  'Mobile App',
  'E-commerce Website',
  'Custom Software',
  'API Development',
  'Database Design',
  'UI/UX Design',
  'Maintenance & Support',
  'Other',
] as const;

const LABELS = new Map<string, string>(
  [...PROJECT_TYPES, ...BUDGETS, ...TIMELINES].map((option) => [option.value, option.label]),
);

/** A stored type, budget or timeline as people read it: '10k-25k' → '$10,000 - $25,000'. */
export const projectRequestLabel = (value: string) => LABELS.get(value) ?? value;
