import { useGetContactDetails } from '@atelier/api-client/api';
import { FALLBACK_CONTACT } from '@/lib/contact';

export interface ContactDetailsView {
  loading: boolean;
  /** Whether these are the server's details (else the fixed fallback). */
  loaded: boolean;
  email: string;
  phone: string;
  /** Lines of the postal address. */
  address: string[];
  googleMapsUrl: string;
  socialMedia: Record<string, string> | undefined;
}

const FALLBACK_VIEW: Omit<ContactDetailsView, 'loading'> = {
  loaded: false,
  email: FALLBACK_CONTACT.email,
  phone: FALLBACK_CONTACT.phone,
  address: [FALLBACK_CONTACT.address, FALLBACK_CONTACT.city, FALLBACK_CONTACT.country],
  googleMapsUrl: '',
  socialMedia: undefined,
};

/**
 * The agency's contact details (GET /contact-details, fetched once per visit and shared by the
 * footer, the contact page and the quote page). Without an answer (404 or failure) the fixed
 * fallback details apply.
 */
export const useContactDetails = (): ContactDetailsView => {
  const { data, isPending } = useGetContactDetails(undefined, {
    query: { staleTime: Number.POSITIVE_INFINITY, retry: false },
  });
  if (isPending) return { ...FALLBACK_VIEW, loading: true };
  if (!data) return { ...FALLBACK_VIEW, loading: false };
  return {
    loading: false,
    loaded: true,
    email: data.email.trim(),
    phone: data.phone.trim(),
    address: data.address
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    googleMapsUrl: data.googleMapsUrl.trim(),
    socialMedia: data.socialMedia,
  };
};
