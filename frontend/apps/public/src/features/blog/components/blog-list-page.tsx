import { useListBlogCategories, useListPublishedBlogPosts } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { matchesSearch } from '@atelier/site/post-view';
import { ErrorBox } from '@atelier/ui/error-box';
import { Pagination } from '@atelier/ui/pagination';
import { useDebouncedValue } from '@atelier/ui/use-debounced-value';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CARD_GRID_CLASS, ListLoading } from '@/components/list-preview';
import { PageHero } from '@/components/page-hero';
import { useKeepsServerContent } from '@/lib/server-preview';
import { ALL_CATEGORIES, matchesCategories, toggleCategory } from '../category-filter';
import { BlogCard, BlogCardSkeleton } from './blog-card';

export const BLOG_PAGE_SIZE = 12;

/**
 * /blog: the published posts, 12 a page, with search and a multi-select category filter. The
 * server pages, searches and filters; while a new search or filter is on its way, the page shown
 * is narrowed at once in the browser by the same rules.
 */
export function BlogListPage() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([ALL_CATEGORIES]);
  const [page, setPage] = useState(1);
  const serverSearch = useDebouncedValue(search.trim());
  const specific = selected.filter((value) => value !== ALL_CATEGORIES);
  const posts = useListPublishedBlogPosts(
    {
      page,
      limit: BLOG_PAGE_SIZE,
      status: 'published',
      ...(serverSearch ? { search: serverSearch } : {}),
      ...(specific.length > 0 ? { category: specific.join(',') } : {}),
    },
    { query: { placeholderData: keepPreviousData } },
  );
  const categories = useListBlogCategories();
  // The page the server wrote (its first page of posts, its answers embedded) keeps its markup until
  // hydrated: the chips and the cards are drawn from the seeded answers after that.
  const keepsServerContent = useKeepsServerContent();
  const chips = keepsServerContent ? [] : (categories.data ?? []);
  const categoryName = (id: string) =>
    categories.data?.find((category) => category._id === id)?.displayName ||
    categories.data?.find((category) => category._id === id)?.name ||
    id;

  const shown = (posts.data?.blogs ?? []).filter(
    (post) => matchesSearch(post, search) && matchesCategories(selected, post.category ?? null),
  );
  // The server's count, unless the browser is still narrowing the page ahead of the server.
  const narrowed = shown.length < (posts.data?.blogs.length ?? 0);
  const total = narrowed ? shown.length : (posts.data?.totalItems ?? 0);
  const totalPages = Math.max(1, posts.data?.totalPages ?? 1);

  const choose = (category: string) => {
    setSelected((current) => toggleCategory(current, category));
    setPage(1);
  };
  const changePage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const chipClass = (on: boolean) =>
    `shrink-0 whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 ${
      on ? 'bg-blue-600 text-white' : 'bg-white text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50'
    }`;

  return (
    <>
      <PageHero title={t('blog.title')}>{t('blog.intro')}</PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="space-y-6">
          <div className="mx-auto max-w-xl">
            <label htmlFor={searchId} className="sr-only">
              {t('blog.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder={t('blog.searchPlaceholder')}
              className="w-full rounded-full border border-gray-300 px-5 py-3 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            />
          </div>
          <fieldset>
            <legend className="sr-only">{t('blog.filterLegend')}</legend>
            {/* One scrolling row on phones: the chips arriving never push the posts down. */}
            <div className="flex gap-2 overflow-x-auto p-1 md:flex-wrap md:justify-center">
              <button
                type="button"
                aria-pressed={selected.includes(ALL_CATEGORIES)}
                onClick={() => choose(ALL_CATEGORIES)}
                className={chipClass(selected.includes(ALL_CATEGORIES))}
              >
                {t('blog.allCategories')}
              </button>
              {chips.map((category) => (
                <button
                  key={category._id}
                  type="button"
                  aria-pressed={selected.includes(category._id)}
                  onClick={() => choose(category._id)}
                  className={chipClass(selected.includes(category._id))}
                >
                  {category.displayName || category.name}
                </button>
              ))}
            </div>
          </fieldset>
          {specific.length > 0 && (
            <ul
              aria-label={t('blog.selectedCategories')}
              className="flex flex-wrap justify-center gap-2"
            >
              {specific.map((id) => (
                <li key={id}>
                  <button
                    type="button"
                    onClick={() => choose(id)}
                    aria-label={t('blog.removeCategory', { category: categoryName(id) })}
                    className="flex items-center gap-2 rounded-full bg-blue-100 px-3 py-1 text-sm font-medium text-blue-800 hover:bg-blue-200"
                  >
                    {categoryName(id)} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="mt-10">
          {posts.isPending || keepsServerContent ? (
            <ListLoading label={t('blog.loading')} CardSkeleton={BlogCardSkeleton} />
          ) : posts.error ? (
            <ErrorBox className="mx-auto max-w-xl">
              {t('blog.loadError', { message: posts.error.message })}
            </ErrorBox>
          ) : shown.length === 0 ? (
            <div className="py-16 text-center">
              <h2 className="text-2xl font-semibold text-gray-900">{t('blog.noneFound')}</h2>
              <p className="mt-2 text-gray-600">{t('blog.noneFoundHint')}</p>
            </div>
          ) : (
            <>
              <p aria-live="polite" className="mb-6 text-sm text-gray-600">
                {t('blog.count', { count: total })}
              </p>
              <h2 className="sr-only">{t('blog.postsHeading')}</h2>
              <div className={CARD_GRID_CLASS}>
                {shown.map((post) => (
                  <BlogCard key={post._id} post={post} />
                ))}
              </div>
              <Pagination
                label={t('blog.pages')}
                page={page}
                totalPages={totalPages}
                onPageChange={changePage}
              />
            </>
          )}
        </div>
      </div>
    </>
  );
}
