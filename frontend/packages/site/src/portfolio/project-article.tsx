import type { PortfolioProject } from '@atelier/api-client/api';
import { type MessageId, t } from '@atelier/messages/intl';
import type { ViewerImage } from '@atelier/ui/image-viewer';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { longDate } from '@atelier/ui/relative-time';
import { ResponsiveImage } from '@atelier/ui/responsive-image';
import { StarRating } from '@atelier/ui/star-rating';
import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react';
import {
  PROJECT_BODY_CLASS,
  PROJECT_CATEGORY_CLASS,
  PROJECT_FACT_CLASS,
  PROJECT_FACTS_CLASS,
  PROJECT_IMAGE_CLASS,
  PROJECT_IMAGE_FRAME_CLASS,
  ProjectCallToAction,
  ProjectHeader,
} from './project-frame';
import { completionLabel, derivedRating } from './project-rating';
import { Technologies } from './project-technologies';
import { namesFor, PROJECT_IMAGE_SIZES, projectImage } from './project-view';
import { useProjectLookups } from './use-project-lookups';

/** The viewer loads when a picture is first opened: it is not part of the page's first scripts. */
const ImageViewer = lazy(() =>
  import('@atelier/ui/image-viewer').then((module) => ({ default: module.ImageViewer })),
);

export {
  PROJECT_BODY_CLASS,
  PROJECT_CATEGORY_CLASS,
  PROJECT_FACT_CLASS,
  PROJECT_FACTS_CLASS,
  PROJECT_IMAGE_CLASS,
  PROJECT_IMAGE_FRAME_CLASS,
  ProjectCallToAction,
  ProjectHeader,
  type ProjectHeaderProps,
} from './project-frame';
export { TECHNOLOGIES_SHOWN } from './project-technologies';

/**
 * A project as the site shows it at /project/{slug}: the public page draws the published project
 * with it, the back office's preview a draft or unsaved one, so both show the same thing.
 * `language`: the article's `lang` and `dir` when the project's texts are not in the page's
 * language (shown in the default language on another language's page), as the server writes it.
 */
export function ProjectArticle({
  project,
  language,
}: {
  project: PortfolioProject;
  language?: { lang?: string; dir?: 'ltr' | 'rtl' };
}) {
  const { technologyNames, tagNames } = useProjectLookups();
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const description = useRef<HTMLDivElement>(null);
  const [descriptionImages, setDescriptionImages] = useState<ViewerImage[]>([]);
  const technologies = namesFor(project.technologies, technologyNames);
  const tags = namesFor(project.tags, tagNames);
  const rating = derivedRating(project);
  const label = completionLabel(project.completedAt);
  const images: ViewerImage[] = [
    { src: projectImage(project), alt: project.title },
    ...descriptionImages,
  ];

  // Images inside the description open full screen too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the text changes
  useEffect(() => {
    const found = Array.from(description.current?.querySelectorAll('img') ?? []).map((image) => ({
      src: image.currentSrc || image.src,
      alt: image.alt || project.title,
    }));
    setDescriptionImages(found);
  }, [project.description, project.title]);

  const onDescriptionClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.tagName !== 'IMG') return;
    const all = Array.from(description.current?.querySelectorAll('img') ?? []);
    setViewerAt(1 + all.indexOf(target as HTMLImageElement));
  };

  const meta = [
    { label: 'project.meta.client', value: project.client || '—' },
    { label: 'project.meta.category', value: project.category || '—' },
    { label: 'project.meta.completed', value: longDate(project.completedAt) || '—' },
    { label: 'project.meta.status', value: label },
  ] satisfies { label: MessageId; value: string }[];

  return (
    <article {...language} className="pb-16">
      <ProjectHeader
        chips={
          <>
            {project.category && <span className={PROJECT_CATEGORY_CLASS}>{project.category}</span>}
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm text-green-800">
              {label}
            </span>
            {project.featured && (
              <span className="rounded-full bg-yellow-400 px-3 py-1 text-sm font-semibold text-gray-900">
                {t('project.featured')}
              </span>
            )}
          </>
        }
        title={project.title}
        summary={project.shortDescription}
        rating={
          <>
            <StarRating rating={rating} />
            <span className="text-sm text-gray-600">{t('project.rating', { rating })}</span>
          </>
        }
      />

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <dl className={PROJECT_FACTS_CLASS}>
          {meta.map((item) => (
            <div key={item.label} className={PROJECT_FACT_CLASS}>
              <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">
                {t(item.label)}
              </dt>
              <dd className="mt-1 font-semibold text-gray-900">{item.value}</dd>
            </div>
          ))}
        </dl>

        <div className={PROJECT_BODY_CLASS}>
          <div className="lg:col-span-2">
            <button
              type="button"
              onClick={() => setViewerAt(0)}
              aria-label={t('project.openImage', { title: project.title })}
              className={`${PROJECT_IMAGE_FRAME_CLASS} focus-visible:outline focus-visible:outline-4 focus-visible:outline-blue-600`}
            >
              <ResponsiveImage
                src={projectImage(project)}
                alt={project.title}
                images={project.images}
                sizes={PROJECT_IMAGE_SIZES}
                width={1280}
                height={800}
                priority
                className={`${PROJECT_IMAGE_CLASS} cursor-zoom-in`}
              />
            </button>
            <section aria-labelledby="project-overview" className="mt-10">
              <h2 id="project-overview" className="text-2xl font-bold text-gray-900">
                {t('project.overview')}
              </h2>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: images also open from the gallery button and keyboard users get the same viewer */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
              <div ref={description} onClick={onDescriptionClick} className="mt-4">
                <MarkdownHtml html={project.contentHtml} />
              </div>
            </section>
          </div>

          <aside className="space-y-6">
            <section
              aria-labelledby="project-metrics"
              className="rounded-2xl bg-white p-6 shadow-sm"
            >
              <h2 id="project-metrics" className="text-lg font-semibold text-gray-900">
                {t('project.metrics')}
              </h2>
              <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
                <div className="rounded-xl bg-blue-50 p-3">
                  <dd className="text-2xl font-bold text-blue-700">{technologies.length}</dd>
                  <dt className="text-xs text-gray-600">{t('project.technologies')}</dt>
                </div>
                <div className="rounded-xl bg-purple-50 p-3">
                  <dd className="text-2xl font-bold text-purple-700">{tags.length}</dd>
                  <dt className="text-xs text-gray-600">{t('project.tags')}</dt>
                </div>
                <div className="rounded-xl bg-green-50 p-3">
                  <dd className="text-sm font-bold text-green-800">
                    {project.status === 'published' ? t('project.live') : project.status}
                  </dd>
                  <dt className="text-xs text-gray-600">{t('project.meta.status')}</dt>
                </div>
              </dl>
            </section>
            <Technologies names={technologies} />
            {tags.length > 0 && (
              <section
                aria-labelledby="project-tags"
                className="rounded-2xl bg-white p-6 shadow-sm"
              >
                <h2 id="project-tags" className="text-lg font-semibold text-gray-900">
                  {t('project.tags')}
                </h2>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {tags.map((name) => (
                    <li
                      key={name}
                      className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700"
                    >
                      #{name}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {(project.demoUrl || project.githubUrl) && (
              <section
                aria-labelledby="project-links"
                className="rounded-2xl bg-white p-6 shadow-sm"
              >
                <h2 id="project-links" className="text-lg font-semibold text-gray-900">
                  {t('project.links')}
                </h2>
                <div className="mt-4 flex flex-col gap-3">
                  {project.demoUrl && (
                    <a
                      href={project.demoUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="rounded-full bg-blue-600 px-5 py-2 text-center font-semibold text-white hover:bg-blue-700"
                    >
                      {t('project.liveDemo')}
                    </a>
                  )}
                  {project.githubUrl && (
                    <a
                      href={project.githubUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="rounded-full border-2 border-gray-800 px-5 py-2 text-center font-semibold text-gray-900 hover:bg-gray-50"
                    >
                      {t('project.github')}
                    </a>
                  )}
                </div>
              </section>
            )}
          </aside>
        </div>

        <ProjectCallToAction />
      </div>

      {viewerAt !== null && (
        <Suspense fallback={null}>
          <ImageViewer
            images={images}
            startIndex={viewerAt}
            label={project.title}
            onClose={() => setViewerAt(null)}
          />
        </Suspense>
      )}
    </article>
  );
}
