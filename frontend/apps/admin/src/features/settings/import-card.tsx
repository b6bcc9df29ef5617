import { type ImportReport as Report, useImportContent } from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Card, primaryButton, secondaryButton } from '@/kit/card';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { invalidatePrefixes } from '@/kit/invalidate';
import { useAllowed } from '@/kit/permissions';
import { createdSummary, ImportReport } from './import-report';

export const IMPORT_MESSAGES = {
  failed: 'Failed to import the site',
  dryRunDone: 'Dry run finished: nothing was written',
  chooseFile: 'Choose the export file first',
  dryRunFirst: 'Run a dry run of these files first: its report shows what the import will do.',
} as const;

/** An import reads, converts and writes a whole site: far longer than an ordinary call. */
const IMPORT_TIMEOUT_MS = 30 * 60 * 1000;

/** What an import writes, so every list and picker shows it. */
const WRITTEN = ['/blog', '/categories', '/tags', '/media', '/content', '/redirects', '/audit'];

const fieldClass =
  'block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-gray-700 hover:file:bg-gray-50';

/**
 * "Import": a WordPress or Ghost site moved in (`importContent`), for the Owner and
 * Administrators. A dry run of the chosen files comes first and shows its report; the import
 * itself is confirmed, then its report replaces the dry run's.
 */
export function ImportCard() {
  const allowed = useAllowed('importContent');
  const banners = useBanners();
  const queryClient = useQueryClient();
  const ids = { file: useId(), media: useId(), hint: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [media, setMedia] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const importing = useImportContent({ request: { timeoutMs: IMPORT_TIMEOUT_MS } });
  if (!allowed) return null;

  const dryRun = report?.dryRun === true ? report : null;
  const busy = importing.isPending;

  const choose = (which: 'file' | 'media', chosen: File | null) => {
    (which === 'file' ? setFile : setMedia)(chosen);
    setReport(null);
    setError('');
  };

  const run = async (asDryRun: boolean) => {
    if (!file) {
      setError(IMPORT_MESSAGES.chooseFile);
      return;
    }
    setError('');
    try {
      const answer = await importing.mutateAsync({
        data: { file, ...(media ? { media } : {}), dryRun: asDryRun },
      });
      setReport(answer);
      setConfirming(false);
      if (asDryRun) {
        banners.success(IMPORT_MESSAGES.dryRunDone);
      } else {
        banners.success(`Import finished: ${createdSummary(answer)}`);
        await invalidatePrefixes(queryClient, WRITTEN);
      }
    } catch (caught) {
      const message = serverMessageOr(caught, IMPORT_MESSAGES.failed);
      setError(message);
      setConfirming(false);
      banners.error(message);
    }
  };

  return (
    <Card
      title="Import"
      description="Move a WordPress or Ghost site in: its posts, pages, categories, tags and pictures, with a redirect from every old address to the new one. What exists already is never changed or created twice."
      footer={
        <>
          <button
            type="button"
            onClick={() => void run(true)}
            disabled={busy}
            aria-busy={busy && !confirming}
            className={secondaryButton}
          >
            {busy && !confirming ? 'Checking…' : 'Dry run'}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={busy || dryRun === null}
            aria-describedby={dryRun === null ? ids.hint : undefined}
            className={primaryButton}
          >
            Import
          </button>
        </>
      }
    >
      <div className="space-y-1">
        <label htmlFor={ids.file} className="block text-sm font-medium text-gray-900">
          Export file
        </label>
        <input
          id={ids.file}
          type="file"
          accept=".xml,.json,application/xml,text/xml,application/json"
          onChange={(event) => choose('file', event.target.files?.[0] ?? null)}
          disabled={busy}
          className={fieldClass}
        />
        <p className="text-xs text-gray-600">
          WordPress: Tools → Export → All content (.xml). Ghost: Settings → Labs → Export your
          content (.json). At most 64 MB.
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.media} className="block text-sm font-medium text-gray-900">
          Media zip (optional)
        </label>
        <input
          id={ids.media}
          type="file"
          accept=".zip,application/zip"
          onChange={(event) => choose('media', event.target.files?.[0] ?? null)}
          disabled={busy}
          className={fieldClass}
        />
        <p className="text-xs text-gray-600">
          The old site's uploads as a .zip (wp-content/uploads or content/images). Without it,
          pictures keep their old addresses.
        </p>
      </div>
      {dryRun === null && (
        <p id={ids.hint} className="text-sm text-gray-600">
          {IMPORT_MESSAGES.dryRunFirst}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {report && <ImportReport report={report} />}
      <ConfirmDialog
        open={confirming}
        title="Import this site?"
        message={
          dryRun
            ? `This creates ${createdSummary(dryRun)}, as the dry run reported. Nothing that exists is changed; a second import creates nothing twice.`
            : ''
        }
        confirmLabel="Import"
        busy={busy}
        busyLabel="Importing…"
        tone="primary"
        onConfirm={() => void run(false)}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
