import { COVER_ATTRIBUTE, field, htmlField } from '../preview';
import {
  PROJECT_BODY_CLASS,
  PROJECT_IMAGE_CLASS,
  PROJECT_IMAGE_FRAME_CLASS,
  ProjectCallToAction,
  ProjectHeader,
} from './project-frame';
import { FALLBACK_PROJECT_IMAGE } from './project-view';

/**
 * A project's page before its scripts run, as the server fills it in from the project (see
 * `../preview.ts`): {@link ProjectArticle} whole, its labels, rating, facts, overview and side panels
 * written by the server (`site/content/project.rs`, the overview with the server's markdown
 * renderer), so the page reads without scripts and the article that replaces it looks the same.
 */
export function ProjectPreview() {
  const cover = { [COVER_ATTRIBUTE]: FALLBACK_PROJECT_IMAGE };
  return (
    <article className="pb-16">
      <ProjectHeader
        chips={htmlField('chips')}
        title={field('title')}
        summary={field('shortDescription')}
        rating={htmlField('rating')}
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {htmlField('facts')}
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
            {htmlField('overview')}
          </div>
          {htmlField('aside')}
        </div>
        <ProjectCallToAction />
      </div>
    </article>
  );
}
