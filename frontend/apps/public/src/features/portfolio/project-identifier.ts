const ENTITY_ID = /^[0-9a-f]{24}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A record id: 24 hexadecimal characters. */
export const isEntityId = (value: string) => ENTITY_ID.test(value);

/** A slug: not an id, lowercase letters/digits separated by single hyphens. */
export const isSlug = (value: string) => !isEntityId(value) && SLUG.test(value);

/** How /project/{slug-or-id} looks its project up. */
export type ProjectIdentifier = { kind: 'id'; id: string } | { kind: 'slug'; slug: string };

/** Anything that is not an id is looked up as a slug (an invalid slug simply finds nothing). */
export const parseProjectIdentifier = (value: string): ProjectIdentifier =>
  isEntityId(value) ? { kind: 'id', id: value } : { kind: 'slug', slug: value };

/** The address of a project's page: /project/{slug}, or /project/{id} when it has no slug. */
export const projectPath = (project: { _id: string; slug?: string | null }) =>
  `/project/${project.slug?.trim() || project._id}`;
