//! One of the dashboard's figures: a count that links to where it comes from.
import { Skeleton } from '@atelier/ui/skeleton';
import { Link } from 'react-router';

export function Figure({
  label,
  value,
  detail,
  loading,
  to,
}: {
  label: string;
  value: number | undefined;
  detail: string;
  loading: boolean;
  to: string;
}) {
  return (
    <Link
      to={to}
      className="block rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:shadow-md"
    >
      <p className="text-sm font-medium text-gray-600">{label}</p>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className="mt-1 text-3xl font-bold text-gray-900">{value ?? 0}</p>
      )}
      <p className="mt-1 text-xs text-gray-500">{loading ? '\u00a0' : detail}</p>
    </Link>
  );
}
