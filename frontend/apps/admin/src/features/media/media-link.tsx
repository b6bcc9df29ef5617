//! An item's address in the details panel, to select or copy.
import { useState } from 'react';
import { secondaryButton } from '@/kit/card';

/** `url` is relative to the site (`/media/…`): it works on every host the site answers on. */
export function MediaLink({ id, url }: { id: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        URL
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 text-sm text-gray-800"
        />
        <button type="button" onClick={copy} className={secondaryButton}>
          Copy
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-green-700">
        {copied ? 'Link copied' : ''}
      </p>
    </div>
  );
}
