import { t } from '@atelier/messages/intl';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/** What a visitor sees once the request is sent, with the way to send another. */
export function ThankYou({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-2xl bg-white p-10 text-center shadow-lg" role="status">
      <span
        aria-hidden="true"
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-600"
      >
        ✓
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-6 text-3xl font-bold text-gray-900">
        {t('request.thanks')}
      </h2>
      <p className="mt-4 text-gray-600">{t('request.thanksBody')}</p>
      <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
        <button
          type="button"
          onClick={onAnother}
          className="rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
        >
          {t('request.another')}
        </button>
        <Link
          to="/"
          className="rounded-full border-2 border-blue-600 px-6 py-3 font-semibold text-blue-700 hover:bg-blue-50"
        >
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
