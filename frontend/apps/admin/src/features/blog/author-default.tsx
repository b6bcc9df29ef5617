import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useSession } from '@/lib/session/use-session';

/**
 * A post without an author takes the signed-in person's name, as the field's starting value (so the
 * form is not "changed" by it): a post is never saved as "Unknown Author" by accident.
 */
export function AuthorDefault() {
  const { user } = useSession();
  const { getValues, resetField } = useFormContext<{ authorName: string }>();
  const name = user?.name.trim() ?? '';
  useEffect(() => {
    if (name && !getValues('authorName').trim()) resetField('authorName', { defaultValue: name });
  }, [name, getValues, resetField]);
  return null;
}
