import { useState } from 'react';
import { primaryButton, secondaryButton } from '@/kit/card';

/**
 * The ten recovery codes, shown once: to copy or download, then dismissed by the administrator
 * saying they are kept.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I Have Saved These Codes',
}: {
  codes: readonly string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'atelier-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p className="font-semibold">Save your recovery codes now.</p>
        <p className="mt-1">
          Each one signs you in once if you lose your authenticator app. They are shown only this
          time.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg bg-gray-50 p-4 font-mono text-sm text-gray-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy Codes'}
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          Download
        </button>
        <button type="button" className={`${primaryButton} sm:ml-auto`} onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
