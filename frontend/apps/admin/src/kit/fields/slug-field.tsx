import { useFormContext, useWatch } from 'react-hook-form';
import { slugify } from '../values';
import { TextField } from './fields';

/**
 * The address a slug gives on the public site, as the admin types: the slug field's value; when
 * it is empty, the slug kept on save (the stored one while editing) or else the one the server
 * makes from the title.
 */
export const addressOf = (
  base: string,
  slug: string,
  stored: string,
  title: string,
): string | null => {
  const chosen = slug.trim() || stored.trim() || slugify(title);
  return chosen === '' ? null : `${base}${chosen}`;
};

/**
 * A record's slug with its public address under it ('The address: /blog/my-post'), kept in
 * step with the slug and, while the slug is empty, the title.
 */
export function SlugField({
  base,
  titleField = 'title',
  name = 'slug',
  label = 'Slug',
  required,
  className,
}: {
  /** The site's path before the slug: '/blog/', '/project/'. */
  base: string;
  /** The field the server derives an empty slug from. */
  titleField?: string;
  name?: string;
  label?: string;
  required?: boolean;
  className?: string;
}) {
  const { control, formState } = useFormContext();
  const slug = useWatch({ control, name }) as string | undefined;
  const title = useWatch({ control, name: titleField }) as string | undefined;
  const stored = (formState.defaultValues?.[name] as string | undefined) ?? '';
  const address = addressOf(base, slug ?? '', stored, title ?? '');
  return (
    <TextField
      name={name}
      label={label}
      required={required}
      className={className}
      hint={
        address ? (
          <>
            The address: <span className="font-mono text-gray-700">{address}</span>
          </>
        ) : (
          `The address: ${base}… (made from the title when left empty)`
        )
      }
    />
  );
}
