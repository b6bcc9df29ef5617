import { useCreateContact } from '@atelier/api-client/api';
import type { ContactPayload } from '../contact-schema';

/** Sends a contact message with POST /contacts; the promise rejects on failure. */
export const useSubmitContact = () => {
  const { mutateAsync } = useCreateContact();
  return (payload: ContactPayload) => mutateAsync({ data: payload });
};
