import { createQueryClient } from '@atelier/api-client/query-client';

/** The public site's query client: answers stay fresh for a minute. */
export const createPublicQueryClient = () => createQueryClient({ staleTime: 60_000 });
