import { t } from '@atelier/messages/intl';
import { pageWindow } from './page-window';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Blog pages'. */
  label: string;
}

/** Previous, at most 5 page buttons around the current page, and Next. Nothing for one page. */
export function Pagination({ page, totalPages, onPageChange, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  const buttonClass =
    'min-w-10 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      <button
        type="button"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        className={`${buttonClass} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
      >
        {t('ui.previous')}
      </button>
      {pageWindow(page, totalPages).map((number) => (
        <button
          key={number}
          type="button"
          aria-label={t('ui.page', { number })}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPageChange(number)}
          className={`${buttonClass} ${
            number === page
              ? 'bg-blue-600 text-white'
              : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
          }`}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        className={`${buttonClass} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
      >
        {t('ui.next')}
      </button>
    </nav>
  );
}
