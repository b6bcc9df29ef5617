/** Option lists of the project request form (public-site.md §9), values as the server stores them. */
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
