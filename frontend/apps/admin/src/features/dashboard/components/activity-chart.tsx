import type { DayCount } from '../lib/figures';

const HEIGHT = 120;

/**
 * Contact messages and project requests per day as paired bars, with the figures in a table for
 * screen readers (the picture itself is hidden from them).
 */
export function ActivityChart({ days }: { days: readonly DayCount[] }) {
  const peak = Math.max(1, ...days.map((day) => Math.max(day.messages, day.requests)));
  const width = days.length * 12;
  const total = days.reduce(
    (sum, day) => ({
      messages: sum.messages + day.messages,
      requests: sum.requests + day.requests,
    }),
    { messages: 0, requests: 0 },
  );
  const dayLabel = (day: string) =>
    new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-gray-600">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-blue-500" />
          Contact messages ({total.messages})
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-emerald-500" />
          Project requests ({total.requests})
        </span>
      </figcaption>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${HEIGHT + 2}`}
        preserveAspectRatio="none"
        className="h-32 w-full"
      >
        <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} stroke="#e5e7eb" strokeWidth="1" />
        {days.map((day, index) => {
          const messages = (day.messages / peak) * (HEIGHT - 4);
          const requests = (day.requests / peak) * (HEIGHT - 4);
          return (
            <g key={day.day}>
              <title>{`${dayLabel(day.day)}: ${day.messages} messages, ${day.requests} requests`}</title>
              <rect
                x={index * 12 + 1}
                y={HEIGHT - messages}
                width="4.5"
                height={messages}
                fill="#3b82f6"
                rx="1"
              />
              <rect
                x={index * 12 + 6}
                y={HEIGHT - requests}
                width="4.5"
                height={requests}
                fill="#10b981"
                rx="1"
              />
            </g>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-gray-500" aria-hidden="true">
        <span>{days[0] ? dayLabel(days[0].day) : ''}</span>
        <span>{days.at(-1) ? dayLabel(days.at(-1)?.day ?? '') : ''}</span>
      </div>
      <table className="sr-only">
        <caption>Contact messages and project requests per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Contact messages</th>
            <th scope="col">Project requests</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{dayLabel(day.day)}</th>
              <td>{day.messages}</td>
              <td>{day.requests}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
