import { type ReactNode, useId } from 'react';
import { rateLabel } from '@/lib/day-range';

const number = (value: number) => value.toLocaleString('en-US');

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id={id} className="mb-2 text-base font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const headClass = 'py-1.5 pr-3 text-xs font-medium uppercase tracking-wide text-gray-500';
const cellClass = 'py-1.5 pr-3 text-right tabular-nums';

/** A panel's table: the row's name column, then number columns; a line when there are no rows. */
function PanelTable({
  title,
  column,
  numbers,
  empty,
  children,
}: {
  title: string;
  column: string;
  numbers: readonly ReactNode[];
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      {empty ? (
        <p className="text-sm text-gray-500">Nothing in this range.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className={headClass}>
                {column}
              </th>
              {numbers.map((heading, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of headings
                <th key={index} scope="col" className={`${headClass} text-right`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </Panel>
  );
}

export interface TopRow {
  value: string;
  views: number;
  visitors: number;
  /** What the row links to, if anything (a post's edit screen). */
  href?: string;
}

/** A top list: each value with its views and visitors, a bar of its share behind its name. */
export function TopTable({
  title,
  column,
  rows,
  label = (value) => value,
}: {
  title: string;
  column: string;
  rows: readonly TopRow[];
  label?: (value: string) => ReactNode;
}) {
  const peak = Math.max(1, ...rows.map((row) => row.views));
  return (
    <PanelTable
      title={title}
      column={column}
      numbers={['Visitors', 'Views']}
      empty={rows.length === 0}
    >
      {rows.map((row) => (
        <tr key={row.value} className="border-b border-gray-100">
          <th scope="row" className="relative max-w-0 py-1.5 pr-3 font-normal">
            <span
              aria-hidden="true"
              className="absolute inset-y-1 left-0 rounded bg-blue-50"
              style={{ width: `${(row.views / peak) * 100}%` }}
            />
            <span className="relative block truncate" title={row.value}>
              {row.href ? (
                <a href={row.href} className="text-blue-700 hover:underline">
                  {label(row.value)}
                </a>
              ) : (
                label(row.value)
              )}
            </span>
          </th>
          <td className={cellClass}>{number(row.visitors)}</td>
          <td className={cellClass}>{number(row.views)}</td>
        </tr>
      ))}
    </PanelTable>
  );
}

export interface ConversionRow {
  value: string;
  visitors: number;
  leads: number;
  rate?: number | null;
}

/**
 * Landing pages or sources with the leads they brought and their rate per 100 visitors; the leads
 * sent without a recorded visit close the table, so its leads add up to the range's.
 */
export function ConversionTable({
  title,
  column,
  rows,
  unrecorded = 0,
  label = (value) => value,
}: {
  title: string;
  column: string;
  rows: readonly ConversionRow[];
  unrecorded?: number;
  label?: (value: string) => ReactNode;
}) {
  return (
    <PanelTable
      title={title}
      column={column}
      numbers={[
        'Visitors',
        'Leads',
        <abbr key="rate" title="Leads per 100 visitors">
          Conversion
        </abbr>,
      ]}
      empty={rows.length === 0 && unrecorded === 0}
    >
      {rows.map((row) => (
        <tr key={row.value} className="border-b border-gray-100">
          <th scope="row" className="max-w-0 truncate py-1.5 pr-3 font-normal" title={row.value}>
            {label(row.value)}
          </th>
          <td className={cellClass}>{number(row.visitors)}</td>
          <td className={cellClass}>{number(row.leads)}</td>
          <td className={cellClass}>{rateLabel(row.rate)}</td>
        </tr>
      ))}
      {unrecorded > 0 && (
        <tr className="border-b border-gray-100 text-gray-600">
          <th scope="row" className="py-1.5 pr-3 font-normal italic">
            Without a recorded visit
          </th>
          <td className={cellClass}>–</td>
          <td className={cellClass}>{number(unrecorded)}</td>
          <td className={cellClass}>–</td>
        </tr>
      )}
    </PanelTable>
  );
}
