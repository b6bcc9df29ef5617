import type { ReactNode } from 'react';

/** A screen's title, the line under it and its buttons (add, export). */
export function ScreenHeader({
  headingId,
  title,
  description,
  children,
}: {
  headingId: string;
  title: string;
  description?: string | undefined;
  /** The buttons on the right. */
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 id={headingId} className="text-2xl font-bold text-gray-900">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </header>
  );
}

/** The primary link of a screen's header: 'Add Tag', 'New Request'. */
export const addLinkClass =
  'inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-blue-700';

/** A screen's title and the line under it, with no buttons beside them (one-record screens). */
export function ScreenTitle({
  headingId,
  title,
  description,
}: {
  headingId: string;
  title: string;
  description: string;
}) {
  return (
    <header>
      <h1 id={headingId} className="text-2xl font-bold text-gray-900">
        {title}
      </h1>
      <p className="mt-1 text-sm text-gray-600">{description}</p>
    </header>
  );
}
