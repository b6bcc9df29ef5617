import { type PortfolioSort, useListPortfolioProjects } from '@atelier/api-client/api';
import { type MessageId, t } from '@atelier/messages/intl';
import { useProjectLookups } from '@atelier/site/use-project-lookups';
import { ErrorBox } from '@atelier/ui/error-box';
import { Pagination } from '@atelier/ui/pagination';
import { useDebouncedValue } from '@atelier/ui/use-debounced-value';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CARD_GRID_CLASS, ListLoading } from '@/components/list-preview';
import { PageHero } from '@/components/page-hero';
import { useKeepsServerContent } from '@/lib/server-preview';
import { ProjectCard, ProjectCardSkeleton } from './project-card';

export const PORTFOLIO_PAGE_SIZE = 12;

/** The listing's three sorts and the server's names for them. */
export const PORTFOLIO_SORTS = [
  { value: 'most-recent', label: 'portfolio.sort.recent' },
  { value: 'oldest', label: 'portfolio.sort.oldest' },
  { value: 'title-asc', label: 'portfolio.sort.alphabetical' },
] as const satisfies readonly { value: PortfolioSort; label: MessageId }[];

/** /portfolio: search, category filter, sort, a grid of 12 per page and at most 5 page buttons. */
export function PortfolioPage() {
  const ids = { search: useId(), category: useId(), sort: useId() };
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<PortfolioSort>('most-recent');
  const [page, setPage] = useState(1);
  const serverSearch = useDebouncedValue(search.trim());
  const lookups = useProjectLookups();
  const { data, error, isPending, isPlaceholderData } = useListPortfolioProjects(
    {
      page,
      limit: PORTFOLIO_PAGE_SIZE,
      status: 'published',
      sort,
      ...(serverSearch ? { search: serverSearch } : {}),
      ...(category ? { category } : {}),
    },
    { query: { placeholderData: keepPreviousData } },
  );
  // Every published project's category, for the filter.
  const all = useListPortfolioProjects({ status: 'published', limit: 100 });
  // The page the server wrote (its first page of projects, its answers embedded) keeps its markup
  // until hydrated: the filter's categories and the cards are drawn from the seeded answers after.
  const keepsServerContent = useKeepsServerContent();
  const categories = keepsServerContent
    ? []
    : [
        ...new Set((all.data?.projects ?? []).map((project) => project.category).filter(Boolean)),
      ].sort((a, b) => a.localeCompare(b));

  const filtering = search.trim() !== '' || category !== '';
  const clearAll = () => {
    setSearch('');
    setCategory('');
    setSort('most-recent');
    setPage(1);
  };
  const fieldClass =
    'w-full rounded-lg border border-gray-300 bg-white px-4 py-2.5 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200';
  const projects = data?.projects ?? [];

  return (
    <>
      <PageHero title={t('portfolio.title')}>{t('portfolio.intro')}</PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-4 rounded-2xl bg-gray-50 p-4 md:grid-cols-4">
          <div className="md:col-span-2">
            <label htmlFor={ids.search} className="block text-sm font-medium text-gray-700">
              {t('portfolio.searchLabel')}
            </label>
            <input
              id={ids.search}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder={t('portfolio.searchPlaceholder')}
              className={`mt-1 ${fieldClass}`}
            />
          </div>
          <div>
            <label htmlFor={ids.category} className="block text-sm font-medium text-gray-700">
              {t('portfolio.category')}
            </label>
            <select
              id={ids.category}
              value={category}
              onChange={(event) => {
                setCategory(event.target.value);
                setPage(1);
              }}
              className={`mt-1 ${fieldClass}`}
            >
              <option value="">{t('portfolio.allCategories')}</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.sort} className="block text-sm font-medium text-gray-700">
              {t('portfolio.sortBy')}
            </label>
            <select
              id={ids.sort}
              value={sort}
              onChange={(event) => {
                setSort(event.target.value as PortfolioSort);
                setPage(1);
              }}
              className={`mt-1 ${fieldClass}`}
            >
              {PORTFOLIO_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="mt-10" aria-busy={isPlaceholderData}>
          {isPending || keepsServerContent ? (
            <ListLoading label={t('portfolio.loading')} CardSkeleton={ProjectCardSkeleton} />
          ) : error ? (
            <ErrorBox className="mx-auto max-w-xl">{error.message}</ErrorBox>
          ) : projects.length === 0 ? (
            <div className="py-16 text-center">
              <h2 className="text-2xl font-semibold text-gray-900">{t('portfolio.noneFound')}</h2>
              <p className="mt-2 text-gray-600">{t('portfolio.noneFoundHint')}</p>
              <button
                type="button"
                onClick={clearAll}
                className="mt-6 rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
              >
                {t('portfolio.clearAll')}
              </button>
            </div>
          ) : (
            <>
              <p aria-live="polite" className="mb-6 text-sm text-gray-600">
                {t(filtering ? 'portfolio.countFiltered' : 'portfolio.count', {
                  count: data?.totalItems ?? 0,
                })}
              </p>
              <h2 className="sr-only">{t('portfolio.projectsHeading')}</h2>
              <div className={CARD_GRID_CLASS}>
                {projects.map((project) => (
                  <ProjectCard
                    key={project._id}
                    project={project}
                    maxTechnologies={3}
                    {...lookups}
                  />
                ))}
              </div>
              <Pagination
                label={t('portfolio.pages')}
                page={data?.currentPage ?? page}
                totalPages={data?.totalPages ?? 1}
                onPageChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            </>
          )}
        </div>
      </div>
    </>
  );
}
