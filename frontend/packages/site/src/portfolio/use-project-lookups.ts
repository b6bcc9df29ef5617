import { useListTags, useListTechnologies } from '@atelier/api-client/api';
import { useMemo } from 'react';

/** Technology and tag names by id (GET /technologies, GET /tags), for the project pages. */
export const useProjectLookups = () => {
  const technologies = useListTechnologies({ limit: 100 });
  const tags = useListTags();
  const technologyNames = useMemo(
    () => new Map((technologies.data?.data ?? []).map((item) => [item._id, item.name])),
    [technologies.data],
  );
  const tagNames = useMemo(
    () => new Map((tags.data ?? []).map((item) => [item._id, item.name])),
    [tags.data],
  );
  return { technologyNames, tagNames };
};
