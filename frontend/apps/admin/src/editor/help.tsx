import { HELP_SECTIONS, QUICK_REFERENCE, TOOLBAR } from './toolbar-actions';

/** The 'Markdown Quick Reference' card with its 'Got it!' button. */
export function QuickReference({ onDismiss }: { onDismiss: () => void }) {
  return (
    <section
      aria-label="Markdown Quick Reference"
      className="border-b border-blue-100 bg-blue-50/60 px-3 py-2.5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h4 className="text-sm font-semibold text-blue-900">Markdown Quick Reference</h4>
          <dl className="mt-1.5 flex flex-wrap gap-x-5 gap-y-1 text-xs">
            {QUICK_REFERENCE.map((item) => (
              <div key={item.label} className="flex items-baseline gap-1.5 whitespace-nowrap">
                <dt className="text-blue-900">{item.label}</dt>
                <dd className="font-mono text-blue-700">{item.syntax}</dd>
              </div>
            ))}
          </dl>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          className="shrink-0 rounded-md bg-blue-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-blue-700"
        >
          Got it!
        </button>
      </div>
    </section>
  );
}

/** Syntax samples in four categories; clicking one copies it and closes the panel. */
export function HelpPanel({ id, onCopy }: { id: string; onCopy: (sample: string) => void }) {
  return (
    <section
      id={id}
      aria-label="Markdown help"
      className="max-h-72 overflow-auto border-b border-gray-200 bg-gray-50 px-3 py-3"
    >
      <p className="mb-2 text-xs text-gray-600">Click a sample to copy it.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {HELP_SECTIONS.map((section) => (
          <div key={section.title}>
            <h4 className="mb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
              {section.title}
            </h4>
            <ul className="space-y-1">
              {TOOLBAR.filter((action) => section.groups.includes(action.group)).map((action) => (
                <li key={action.id}>
                  <button
                    type="button"
                    onClick={() => onCopy(action.sample)}
                    title={`Copy: ${action.sample}`}
                    className="flex w-full items-baseline justify-between gap-3 rounded-md px-2 py-1 text-left text-sm hover:bg-white"
                  >
                    <span className="text-gray-800">
                      {action.label}
                      {action.shortcut && (
                        <kbd className="ml-1.5 rounded border border-gray-300 bg-white px-1 font-mono text-[0.7rem] text-gray-600">
                          {action.shortcut}
                        </kbd>
                      )}
                    </span>
                    <code className="truncate font-mono text-xs text-gray-600">
                      {action.sample.split('\n')[0]}
                    </code>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
