import { type ReactNode, useId } from 'react';

/** A titled white panel grouping related fields or figures. */
export function Card({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="border-b border-gray-100 px-5 py-4">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      </div>
      <div className="space-y-4 p-5">{children}</div>
      {footer && (
        <div className="flex justify-end gap-3 border-t border-gray-100 px-5 py-3">{footer}</div>
      )}
    </section>
  );
}

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60';
