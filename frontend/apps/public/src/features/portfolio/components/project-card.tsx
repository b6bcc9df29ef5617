import type { PortfolioProject } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { tRich } from '@atelier/messages/rich';
import { COVER_ATTRIBUTE, field, htmlField } from '@atelier/site/preview';
import {
  completionYear,
  FALLBACK_PROJECT_IMAGE,
  firstAndRest,
  namesFor,
  projectImage,
} from '@atelier/site/project-view';
import { ResponsiveImage } from '@atelier/ui/responsive-image';
import { Link } from 'react-router';
import {
  CARD_BODY_CLASS,
  CARD_CLASS,
  CARD_FRAME_CLASS,
  CARD_IMAGE_SIZES,
} from '@/components/list-preview';
import { useRecordLanguage } from '@/lib/record-language';
import { projectPath } from '../project-identifier';

const CARD_IMAGE_CLASS = 'aspect-[16/10] w-full bg-gray-100 object-cover';
const CARD_CATEGORY_CLASS = 'text-xs font-semibold tracking-wide text-blue-700 uppercase';
const CARD_TITLE_CLASS = 'mt-1 text-xl font-bold text-gray-900';
const CARD_SUMMARY_CLASS = 'mt-2 line-clamp-3 flex-1 text-sm text-gray-600';

export interface ProjectCardProps {
  project: PortfolioProject;
  technologyNames: ReadonlyMap<string, string>;
  tagNames: ReadonlyMap<string, string>;
  /** How many technology names to show before '+N more'. */
  maxTechnologies: number;
}

/** One project: image, title, category, badge, description, technologies, client, year, tags. */
export function ProjectCard({
  project,
  technologyNames,
  tagNames,
  maxTechnologies,
}: ProjectCardProps) {
  const technologies = firstAndRest(
    namesFor(project.technologies, technologyNames),
    maxTechnologies,
  );
  const tags = firstAndRest(namesFor(project.tags, tagNames), 2);
  const year = completionYear(project.completedAt);
  const language = useRecordLanguage(project.language);
  return (
    <article
      {...language}
      data-testid="project-card"
      className={`${CARD_CLASS} transition-shadow hover:shadow-xl`}
    >
      <div className="relative">
        <ResponsiveImage
          src={projectImage(project)}
          alt=""
          images={project.images}
          sizes={CARD_IMAGE_SIZES}
          width={640}
          height={400}
          className={CARD_IMAGE_CLASS}
        />
        {project.featured && (
          <span className="absolute top-3 left-3 rounded-full bg-yellow-400 px-3 py-1 text-xs font-bold text-gray-900">
            {t('project.featured')}
          </span>
        )}
      </div>
      <div className={CARD_BODY_CLASS}>
        {project.category && <p className={CARD_CATEGORY_CLASS}>{project.category}</p>}
        <h3 className={CARD_TITLE_CLASS}>{project.title}</h3>
        <p className={CARD_SUMMARY_CLASS}>{project.shortDescription || project.description}</p>
        {technologies.shown.length > 0 && (
          <ul aria-label={t('project.technologies')} className="mt-4 flex flex-wrap gap-2">
            {technologies.shown.map((name) => (
              <li
                key={name}
                className="rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-800"
              >
                {name}
              </li>
            ))}
            {technologies.more > 0 && (
              <li className="rounded-full bg-gray-100 px-2.5 py-1 text-xs text-gray-700">
                {t('project.more', { count: technologies.more })}
              </li>
            )}
          </ul>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          {project.client && (
            <div>
              <dt className="text-xs text-gray-500">{t('project.client')}</dt>
              <dd className="font-medium text-gray-800">{project.client}</dd>
            </div>
          )}
          {year && (
            <div>
              <dt className="text-xs text-gray-500">{t('project.completed')}</dt>
              <dd className="font-medium text-gray-800">{year}</dd>
            </div>
          )}
        </dl>
        {tags.shown.length > 0 && (
          <ul aria-label={t('project.tags')} className="mt-3 flex flex-wrap gap-2">
            {tags.shown.map((name) => (
              <li key={name} className="text-xs text-gray-600">
                #{name}
              </li>
            ))}
            {tags.more > 0 && (
              <li className="text-xs text-gray-600">{t('project.more', { count: tags.more })}</li>
            )}
          </ul>
        )}
        <Link
          to={projectPath(project)}
          className="mt-5 inline-block self-start rounded-full bg-blue-600 px-5 py-2 text-sm font-semibold text-white hover:bg-blue-700"
        >
          {tRich('project.viewDetails', {
            title: project.title,
            hidden: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Link>
      </div>
    </article>
  );
}

/**
 * One card of /portfolio's first page, as the server fills it in from a project
 * (`@atelier/site/preview`, `site/content/lists.rs`; `summary` is its short description, else its
 * description): {@link ProjectCard} whole, its featured badge and its details (technologies, client
 * and year, tags, link) written by the server.
 */
export function ProjectCardPreview() {
  const cover = { [COVER_ATTRIBUTE]: FALLBACK_PROJECT_IMAGE };
  return (
    <article className={`${CARD_CLASS} transition-shadow hover:shadow-xl`}>
      <div className="relative">
        <img {...cover} alt="" className={CARD_IMAGE_CLASS} />
        {htmlField('badge')}
      </div>
      <div className={CARD_BODY_CLASS}>
        <p className={`${CARD_CATEGORY_CLASS} empty:hidden`}>{field('category')}</p>
        <h3 className={CARD_TITLE_CLASS}>{field('title')}</h3>
        <p className={CARD_SUMMARY_CLASS}>{field('summary')}</p>
        {htmlField('details')}
      </div>
    </article>
  );
}

export function ProjectCardSkeleton({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`${CARD_FRAME_CLASS} ${className}`}>
      <div className="aspect-[16/10] w-full animate-pulse bg-gray-200" />
      <div className="space-y-3 p-6">
        <div className="h-3 w-1/4 animate-pulse rounded bg-gray-200" />
        <div className="h-6 w-3/4 animate-pulse rounded bg-gray-200" />
        <div className="h-4 w-full animate-pulse rounded bg-gray-200" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-gray-200" />
        <div className="h-6 w-2/3 animate-pulse rounded bg-gray-200" />
        <div className="h-9 w-1/3 animate-pulse rounded-full bg-gray-200" />
      </div>
    </div>
  );
}
