import { useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../errors';
import { ERROR_BANNER_MS } from '../feedback/banners';
import { useTimedMessage } from '../feedback/use-timed-message';

/**
 * Submits a react-hook-form form once at a time: `busy` while `save` runs (not react-hook-form's
 * isSubmitting, which an ignored second submit would clear mid-save), a second submit ignored, and
 * on failure the input kept, a 422's field messages put on their fields and `failureText(error)`
 * shown for 5 s in `failure` (inside the form: a modal hides the page's banners from assistive
 * technology).
 */
export const useGuardedSubmit = <TValues extends FieldValues>(
  form: UseFormReturn<TValues>,
  save: (values: TValues) => Promise<void>,
  failureText: (error: unknown) => string,
) => {
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  const failure = useTimedMessage(ERROR_BANNER_MS);
  const submit = form.handleSubmit(async (values) => {
    if (saving.current) return;
    saving.current = true;
    setBusy(true);
    failure.clear();
    try {
      await save(values);
    } catch (error) {
      applyServerErrors(form, error);
      failure.show(failureText(error));
    } finally {
      saving.current = false;
      setBusy(false);
    }
  });
  return { submit, busy, failure };
};
