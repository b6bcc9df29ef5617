import { useCreateProjectRequest } from '@atelier/api-client/api';
import type { ProjectRequestPayload } from '../project-request-schema';

/** Sends a project request with POST /project-requests; the promise rejects on failure. */
export const useSubmitProjectRequest = () => {
  const { mutateAsync } = useCreateProjectRequest();
  return (payload: ProjectRequestPayload) => mutateAsync({ data: payload });
};
