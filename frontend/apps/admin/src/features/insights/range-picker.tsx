import { type FormEvent, useState } from 'react';
import { type Choice, type DayRange, PRESETS, rangeProblem } from '@/lib/day-range';

const buttonClass = (pressed: boolean) =>
  `rounded-lg border px-3 py-1.5 text-sm font-medium ${
    pressed
      ? 'border-blue-600 bg-blue-600 text-white'
      : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
  }`;

/** Last 7, 30 or 90 days, or two days of one's own (checked before they are asked for). */
export function RangePicker({
  choice,
  range,
  today,
  onChoose,
}: {
  choice: Choice;
  range: DayRange;
  today: string;
  onChoose: (choice: Choice) => void;
}) {
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const [draft, setDraft] = useState<DayRange>(range);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft, today);
    setProblem(found);
    if (!found) onChoose({ kind: 'custom', range: draft });
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">Range</legend>
      {PRESETS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={!custom && choice.kind === 'preset' && choice.days === days}
          className={buttonClass(!custom && choice.kind === 'preset' && choice.days === days)}
          onClick={() => {
            setCustom(false);
            setProblem(null);
            onChoose({ kind: 'preset', days });
          }}
        >
          Last {days} days
        </button>
      ))}
      <button
        type="button"
        aria-pressed={custom}
        aria-expanded={custom}
        className={buttonClass(custom)}
        onClick={() => {
          setDraft(range);
          setCustom(true);
        }}
      >
        Custom
      </button>
      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" noValidate>
          <label className="text-sm text-gray-700">
            From
            <input
              type="date"
              value={draft.from}
              max={today}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              className="ml-1 rounded-lg border border-gray-300 px-2 py-1"
            />
          </label>
          <label className="text-sm text-gray-700">
            To
            <input
              type="date"
              value={draft.to}
              max={today}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              className="ml-1 rounded-lg border border-gray-300 px-2 py-1"
            />
          </label>
          <button type="submit" className={buttonClass(true)}>
            Apply
          </button>
          {problem && (
            <p role="alert" className="w-full text-sm text-red-700">
              {problem}
            </p>
          )}
        </form>
      )}
    </fieldset>
  );
}
