import { createQueryClient } from '@atelier/api-client/query-client';

/** The back office's query client: answers stay fresh for 30 s. */
export const createAdminQueryClient = () => createQueryClient({ staleTime: 30_000 });
