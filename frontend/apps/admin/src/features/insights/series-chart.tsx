import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dayLabel } from '@/lib/day-range';

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
  /** Drawn dashed: the previous range. */
  dashed?: boolean;
}

export type ChartRow = { day: string } & Record<string, number | string>;

/**
 * A day-by-day chart (lines, or bars) drawn by Recharts, with its keyboard layer (arrow keys move
 * between days), and the same figures as a table under "Show as table" for screen readers and
 * keyboards.
 */
export function SeriesChart({
  title,
  rows,
  series,
  kind = 'line',
}: {
  title: string;
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  kind?: 'line' | 'bar';
}) {
  const id = useId();
  const longRange = rows.length > 120;
  const data = rows.map((row) => ({ ...row, label: dayLabel(row.day, longRange) }));
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={24} />
      <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
      <Tooltip />
      <Legend wrapperStyle={{ fontSize: 12 }} />
    </>
  );
  return (
    <figure aria-labelledby={id} className="space-y-2">
      <figcaption id={id} className="text-sm font-semibold text-gray-900">
        {title}
      </figcaption>
      <div className="h-60 w-full">
        <ResponsiveContainer width="100%" height="100%" minWidth={200}>
          {kind === 'bar' ? (
            <BarChart data={data} accessibilityLayer>
              {axes}
              {series.map((line) => (
                <Bar key={line.key} dataKey={line.key} name={line.label} fill={line.colour} />
              ))}
            </BarChart>
          ) : (
            <LineChart data={data} accessibilityLayer>
              {axes}
              {series.map((line) => (
                <Line
                  key={line.key}
                  type="monotone"
                  dataKey={line.key}
                  name={line.label}
                  stroke={line.colour}
                  strokeWidth={2}
                  strokeDasharray={line.dashed ? '5 4' : undefined}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-blue-700 hover:underline">Show as table</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}, per day</caption>
            <thead>
              <tr className="border-b border-gray-200 text-gray-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day
                </th>
                {series.map((line) => (
                  <th key={line.key} scope="col" className="py-1 pr-3 text-right font-medium">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.day} className="border-b border-gray-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    <time dateTime={row.day}>{dayLabel(row.day, true)}</time>
                  </th>
                  {series.map((line) => (
                    <td key={line.key} className="py-1 pr-3 text-right tabular-nums">
                      {row[line.key] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
