import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { COVER_ATTRIBUTE, field } from '../preview';
import {
  PROJECT_BODY_CLASS,
  PROJECT_CATEGORY_CLASS,
  PROJECT_FACT_CLASS,
  PROJECT_FACTS_CLASS,
  PROJECT_IMAGE_CLASS,
  PROJECT_IMAGE_FRAME_CLASS,
  ProjectHeader,
} from './project-article';
import { FALLBACK_PROJECT_IMAGE } from './project-view';

/**
 * A project's page before its scripts run, as the server fills it in from the project (see
 * `../preview.ts`): the header, facts and image of {@link ProjectArticle} in the same places, with
 * stand-ins for what the script computes (completion label, rating, facts) and the rest to come.
 */
export function ProjectPreview() {
  const cover = { [COVER_ATTRIBUTE]: FALLBACK_PROJECT_IMAGE };
  return (
    <article className="pb-16">
      <ProjectHeader
        chips={
          <>
            <span className={`${PROJECT_CATEGORY_CLASS} empty:hidden`}>{field('category')}</span>
            <Skeleton className="h-7 w-36 rounded-full" />
          </>
        }
        title={field('title')}
        summary={field('shortDescription')}
        rating={<Skeleton className="h-5 w-32" />}
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div aria-hidden="true" className={PROJECT_FACTS_CLASS}>
          {['client', 'category', 'completed', 'status'].map((fact) => (
            <div key={fact} className={PROJECT_FACT_CLASS}>
              <Skeleton className="h-4 w-16" />
              <Skeleton className="mt-1 h-6 w-24" />
            </div>
          ))}
        </div>
        <div className={PROJECT_BODY_CLASS}>
          <div className="lg:col-span-2">
            <div className={PROJECT_IMAGE_FRAME_CLASS}>
              <img
                {...cover}
                alt={field('title')}
                fetchPriority="high"
                className={PROJECT_IMAGE_CLASS}
              />
            </div>
            <LoadingPlaceholder label="Loading project" className="mt-10 space-y-4">
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </LoadingPlaceholder>
          </div>
        </div>
      </div>
    </article>
  );
}
