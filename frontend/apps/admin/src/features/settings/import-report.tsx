import type {
  ImportOutcome,
  ImportRecordKind,
  ImportReport as Report,
} from '@atelier/api-client/api';

const KIND_LABELS: Record<ImportRecordKind, string> = {
  post: 'Posts',
  page: 'Pages',
  category: 'Categories',
  tag: 'Tags',
  media: 'Media files',
  redirect: 'Redirects',
};

const KIND_SINGULAR: Record<ImportRecordKind, string> = {
  post: 'Post',
  page: 'Page',
  category: 'Category',
  tag: 'Tag',
  media: 'Media file',
  redirect: 'Redirect',
};

const OUTCOME_LABELS: Record<ImportOutcome, string> = {
  created: 'created',
  wouldCreate: 'to create',
  exists: 'already there',
};

const PLATFORM_LABELS = { wordpress: 'WordPress', ghost: 'Ghost' } as const;

/** The heading of a report: what was done, from which platform. */
export const reportHeading = (report: Report) =>
  report.dryRun
    ? `Dry run of the ${PLATFORM_LABELS[report.platform]} export: nothing was written`
    : `Imported from the ${PLATFORM_LABELS[report.platform]} export`;

/** "34 posts, 3 pages and 40 redirects": what a report created (or would create). */
export const createdSummary = (report: Report) => {
  const parts = report.counts
    .filter((count) => count.created > 0)
    .map((count) => `${count.created} ${KIND_LABELS[count.kind].toLowerCase()}`);
  if (parts.length === 0) return 'nothing new';
  if (parts.length === 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
};

const listClass =
  'max-h-64 space-y-1 overflow-y-auto rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm break-words text-gray-700';

/** An import's report: the counts per kind, every problem, every redirect and record. */
export function ImportReport({ report }: { report: Report }) {
  const created = report.dryRun ? 'To create' : 'Created';
  return (
    <section aria-label="Import report" className="space-y-4">
      <h3 className="text-base font-semibold text-gray-900">{reportHeading(report)}</h3>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Records per kind</caption>
        <thead className="text-gray-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Kind
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {created}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Already there
            </th>
          </tr>
        </thead>
        <tbody>
          {report.counts.map((count) => (
            <tr key={count.kind} className="border-t border-gray-100">
              <th scope="row" className="py-1 pr-3 font-normal text-gray-900">
                {KIND_LABELS[count.kind]}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{count.created}</td>
              <td className="py-1 text-right tabular-nums">{count.existing}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <h4 className="text-sm font-semibold text-gray-900">Problems ({report.problems.length})</h4>
        {report.problems.length === 0 ? (
          <p className="text-sm text-gray-600">None: everything is kept as it was.</p>
        ) : (
          <ul aria-label="Problems" className={listClass}>
            {report.problems.map((problem, index) => (
              // Problems may repeat word for word (two posts with the same lost picture).
              // biome-ignore lint/suspicious/noArrayIndexKey: a report is shown once, never reordered
              <li key={index}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-gray-900">
          Redirects ({report.redirects.length})
        </summary>
        <ul aria-label="Redirects" className={`mt-2 ${listClass}`}>
          {report.redirects.map((redirect) => (
            <li key={redirect.from}>
              <code>{redirect.from}</code> → <code>{redirect.to}</code>{' '}
              <span className="text-gray-500">({OUTCOME_LABELS[redirect.outcome]})</span>
            </li>
          ))}
        </ul>
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-gray-900">
          Records ({report.records.length})
        </summary>
        <ul aria-label="Records" className={`mt-2 ${listClass}`}>
          {report.records.map((record) => (
            <li key={`${record.kind} ${record.address} ${record.title}`}>
              {KIND_SINGULAR[record.kind]}: {record.title}{' '}
              <span className="text-gray-500">
                ({OUTCOME_LABELS[record.outcome]}, {record.address})
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
