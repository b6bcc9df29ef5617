/**
 * The number of records in a CSV file after its header line (RFC 4180: a quoted cell may span
 * several lines, so lines are not records).
 */
export const countRecords = async (csv: string): Promise<number> => {
  const { parse } = await import('papaparse');
  const { data } = parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  return Math.max(data.length - 1, 0);
};

/** Hands `csv` to the browser as a download named `filename` (UTF-8 with a BOM, for Excel). */
export const downloadCsv = (filename: string, csv: string) => {
  const url = URL.createObjectURL(
    new Blob(['\uFEFF', csv.replace(/^\uFEFF/, '')], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
