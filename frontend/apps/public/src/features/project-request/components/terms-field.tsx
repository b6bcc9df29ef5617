import { tRich } from '@atelier/messages/rich';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';

/** The consent to the terms and the privacy policy, with its error under it. */
export function TermsField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 rounded border-gray-300 text-blue-600 focus:ring-blue-500"
          id="pr-terms"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pr-terms-error' : undefined}
          {...registration}
        />
        <label htmlFor="pr-terms" className="text-sm text-gray-700">
          {tRich('request.terms', {
            terms: (chunks) => (
              <Link to="/terms-of-service" className="text-blue-700 underline">
                {chunks}
              </Link>
            ),
            privacy: (chunks) => (
              <Link to="/privacy-policy" className="text-blue-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </label>
      </div>
      {error && (
        <p id="pr-terms-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
