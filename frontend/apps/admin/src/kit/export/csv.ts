/** One column of an export: its heading and how a row fills it. */
export interface CsvColumn<TRow> {
  header: string;
  value: (row: TRow) => string | number | boolean | null | undefined;
}

/**
 * A cell a spreadsheet would run as a formula: one starting with = + - @, a tab or a carriage
 * return (OWASP "CSV injection"). Unlike papaparse's own default, this also catches cells that go
 * on over several lines.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The rows as CSV (RFC 4180, CRLF line ends): a header line, then one line per row, every cell
 * that could start a formula prefixed with `'` so spreadsheets show it as text.
 */
export const toCsv = async <TRow>(
  rows: readonly TRow[],
  columns: readonly CsvColumn<TRow>[],
): Promise<string> => {
  const { unparse } = await import('papaparse');
  return unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => String(column.value(row) ?? ''))),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
};

/** The maximum page size the API gives an administrator. */
export const EXPORT_PAGE_SIZE = 1000;

/** Every row of a paged list, page after page, until the server says there are no more. */
export const fetchAllPages = async <TRow>(
  fetchPage: (
    page: number,
    limit: number,
  ) => Promise<{ rows: readonly TRow[]; totalPages: number }>,
): Promise<TRow[]> => {
  const rows: TRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...answer.rows);
    if (page >= answer.totalPages || answer.rows.length === 0) return rows;
  }
};

/** Hands `csv` to the browser as a download named `filename` (UTF-8 with a BOM, for Excel). */
export const downloadCsv = (filename: string, csv: string) => {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
