/** Contact details shown until the server provides its own (GET /contact-details). */
export const FALLBACK_CONTACT = {
  email: 'hello@atelier.dev',
  phone: '+1 (555) 123-4567',
  address: '100 Market Street, Suite 300',
  city: 'San Francisco, CA 94105',
  country: 'United States',
} as const;

export const SUPPORT_EMAIL = 'support@atelier.dev';

/** `tel:` link target for a displayed phone number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
