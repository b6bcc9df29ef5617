import { Icon } from '@atelier/ui/icon';
import { faPenRuler } from '@fortawesome/free-solid-svg-icons';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from '@/lib/paths';

export interface ComingSoonPanelProps {
  title: string;
  /** What the finished screen will offer. */
  summary: string;
}

/** Stands in for a back-office screen that is still being built. */
export function ComingSoonPanel({ title, summary }: ComingSoonPanelProps) {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto max-w-3xl">
      <h1 id="coming-soon-title" className="text-2xl font-bold text-gray-900">
        {title}
      </h1>
      <div className="mt-6 rounded-2xl border border-dashed border-blue-300 bg-white p-8 text-center shadow-sm sm:p-12">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <Icon icon={faPenRuler} className="h-6 w-6" />
        </span>
        <p className="mt-4 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-800 uppercase">
          Coming soon
        </p>
        <p className="mt-4 text-lg font-semibold text-gray-900">{title} is coming soon.</p>
        <p className="mx-auto mt-2 max-w-xl text-gray-600">{summary}</p>
        <Link
          to={DASHBOARD_PATH}
          className="mt-8 inline-block rounded-lg bg-blue-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-blue-700"
        >
          Back to the dashboard
        </Link>
      </div>
    </section>
  );
}
