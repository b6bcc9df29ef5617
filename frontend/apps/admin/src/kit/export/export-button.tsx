import { Icon } from '@atelier/ui/icon';
import { faFileCsv } from '@fortawesome/free-solid-svg-icons';
import { useState } from 'react';
import { serverMessageOr } from '../errors';
import { useBanners } from '../feedback/banners';
import { type CsvColumn, downloadCsv, fetchAllPages, toCsv } from './csv';

export interface ExportButtonProps<TRow> {
  /** The records' noun: 'contacts' in 'Failed to export contacts'. */
  plural: string;
  /** The file's name without the date, e.g. 'contact-messages'. */
  filename: string;
  /** One page of the rows the list currently shows (its search and filter, every page). */
  fetchPage: (
    page: number,
    limit: number,
  ) => Promise<{ rows: readonly TRow[]; totalPages: number }>;
  columns: readonly CsvColumn<TRow>[];
}

/** 'Export CSV': every record matching the list's current search and filter, all fields. */
export function ExportButton<TRow>({
  plural,
  filename,
  fetchPage,
  columns,
}: ExportButtonProps<TRow>) {
  const banners = useBanners();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const rows = await fetchAllPages(fetchPage);
      const day = new Date().toISOString().slice(0, 10);
      downloadCsv(`${filename}-${day}.csv`, await toCsv(rows, columns));
      banners.success(`Exported ${rows.length} ${plural}`);
    } catch (error) {
      banners.error(serverMessageOr(error, `Failed to export ${plural}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy}
      className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50 disabled:cursor-wait disabled:opacity-60"
    >
      <Icon icon={faFileCsv} className="h-4 w-4" />
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
