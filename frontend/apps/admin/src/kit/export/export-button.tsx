import { Icon } from '@atelier/ui/icon';
import { faFileCsv } from '@fortawesome/free-solid-svg-icons';
import { useState } from 'react';
import { serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { useAllowed } from '../permissions';
import { countRecords, downloadCsv } from './csv';

export interface ExportButtonProps {
  /** The records' noun: 'contacts' in 'Failed to export contacts'. */
  plural: string;
  /** The file's name without the date, e.g. 'contact-messages'. */
  filename: string;
  /**
   * The server's CSV export of every record matching the list's current search and filter (the
   * server writes the file and records the export in the audit log).
   */
  fetchCsv: () => Promise<string>;
  /** The export's `operationId`: the button shows only to roles that may call it. */
  operation: string;
}

/** 'Export CSV': every record matching the list's current search and filter, all fields. */
export function ExportButton({ plural, filename, fetchCsv, operation }: ExportButtonProps) {
  const banners = useBanners();
  const [busy, setBusy] = useState(false);
  const allowed = useAllowed(operation);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const csv = await fetchCsv();
      const day = new Date().toISOString().slice(0, 10);
      downloadCsv(`${filename}-${day}.csv`, csv);
      banners.success(`Exported ${await countRecords(csv)} ${plural}`);
    } catch (error) {
      banners.error(serverMessageOr(error, `Failed to export ${plural}`));
    } finally {
      setBusy(false);
    }
  };
  if (!allowed) return null;
  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50 disabled:cursor-wait disabled:opacity-60"
    >
      <Icon icon={faFileCsv} className="h-4 w-4" />
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
