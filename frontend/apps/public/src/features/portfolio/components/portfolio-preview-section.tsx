import { useListPortfolioProjects } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { useProjectLookups } from '@atelier/site/use-project-lookups';
import { LoadingPlaceholder } from '@atelier/ui/skeleton';
import { SwipeCarousel } from '@atelier/ui/swipe-carousel';
import {
  LARGE_SCREEN_QUERY,
  MEDIUM_SCREEN_QUERY,
  useMediaQuery,
} from '@atelier/ui/use-media-query';
import { SiteLink } from '@/components/site-link';
import { useHomeSection } from '@/hooks/use-home-page';
import { ProjectCard, ProjectCardSkeleton } from './project-card';

export const HOME_PROJECTS_LIMIT = 6;

/** The projects' stand-in until they arrive (the server's home page takes it from the build). */
export const PortfolioPreviewLoading = () => (
  <LoadingPlaceholder
    label={t('portfolio.loading')}
    className="grid gap-8 md:grid-cols-2 lg:grid-cols-3"
  >
    {/* One card on phones, three from 768 px on: CSS decides, so the pre-rendered page agrees. */}
    {Array.from({ length: 3 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
      <ProjectCardSkeleton key={index} className={index > 0 ? 'hidden md:block' : ''} />
    ))}
  </LoadingPlaceholder>
);

/** The home page's portfolio (#portfolio): featured first, then newest, at most 6. */
export function PortfolioPreviewSection() {
  const section = useHomeSection('portfolio');
  const mediumOrWider = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const desktop = useMediaQuery(LARGE_SCREEN_QUERY);
  const { data, isPending } = useListPortfolioProjects({
    sort: 'featured',
    limit: HOME_PROJECTS_LIMIT,
    status: 'published',
  });
  const lookups = useProjectLookups();
  const projects = data?.projects.slice(0, HOME_PROJECTS_LIMIT) ?? [];
  const cards = projects.map((project) => (
    <ProjectCard
      key={project._id}
      project={project}
      maxTechnologies={desktop ? 3 : 2}
      {...lookups}
    />
  ));

  return (
    <section id="portfolio" aria-labelledby="portfolio-heading" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto mb-12 max-w-3xl text-center">
          <h2 id="portfolio-heading" className="text-3xl font-bold text-gray-900 md:text-4xl">
            {section.heading}
          </h2>
          {section.subheading && <p className="mt-4 text-lg text-gray-600">{section.subheading}</p>}
        </div>
        {isPending ? (
          <PortfolioPreviewLoading />
        ) : projects.length === 0 ? (
          <p className="text-center text-gray-600">{t('portfolio.noneYet')}</p>
        ) : mediumOrWider ? (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">{cards}</div>
        ) : (
          <SwipeCarousel label={t('portfolio.carousel')} slides={cards} />
        )}
        <div className="mt-12 text-center">
          {section.links[0] && (
            <SiteLink
              target={section.links[0].target}
              className="inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold text-white shadow hover:bg-blue-700"
            >
              {section.links[0].label}
            </SiteLink>
          )}
        </div>
      </div>
    </section>
  );
}
