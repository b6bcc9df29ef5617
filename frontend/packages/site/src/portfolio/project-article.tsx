import type { PortfolioProject } from '@atelier/api-client/api';
import { ImageViewer, type ViewerImage } from '@atelier/ui/image-viewer';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { longDate } from '@atelier/ui/relative-time';
import { ResponsiveImage } from '@atelier/ui/responsive-image';
import { StarRating } from '@atelier/ui/star-rating';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { SiteLink } from '../links';
import { completionLabel, derivedRating } from './project-rating';
import { namesFor, PROJECT_IMAGE_SIZES, projectImage } from './project-view';
import { useProjectLookups } from './use-project-lookups';

/** The technology list shows this many before 'Show N More'. */
export const TECHNOLOGIES_SHOWN = 6;

function Technologies({ names }: { names: string[] }) {
  const [expanded, setExpanded] = useState(false);
  const hidden = names.length - TECHNOLOGIES_SHOWN;
  const shown = expanded ? names : names.slice(0, TECHNOLOGIES_SHOWN);
  return (
    <section aria-labelledby="project-technologies" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="project-technologies" className="text-lg font-semibold text-gray-900">
        Technologies
      </h2>
      {names.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No technologies listed.</p>
      ) : (
        <ul className="mt-4 flex flex-wrap gap-2">
          {shown.map((name) => (
            <li
              key={name}
              className="rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800"
            >
              {name}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-4 text-sm font-semibold text-blue-700 hover:underline"
        >
          {expanded ? 'Show Less' : `Show ${hidden} More`}
        </button>
      )}
    </section>
  );
}

/** The category's label above the title. */
export const PROJECT_CATEGORY_CLASS = 'rounded-full bg-blue-100 px-3 py-1 text-sm text-blue-800';
/** The facts under the header (client, category, completion, status): four cards. */
export const PROJECT_FACTS_CLASS = '-mt-8 grid grid-cols-2 gap-4 md:grid-cols-4';
export const PROJECT_FACT_CLASS = 'rounded-2xl bg-white p-5 shadow-md';
/** The image and the overview beside the side panels. */
export const PROJECT_BODY_CLASS = 'mt-12 grid gap-10 lg:grid-cols-3';
export const PROJECT_IMAGE_FRAME_CLASS = 'block w-full overflow-hidden rounded-2xl';
/** The main image's look: its box is 16:10 whatever the picture. */
export const PROJECT_IMAGE_CLASS = 'aspect-[16/10] w-full bg-gray-100 object-cover';

export interface ProjectHeaderProps {
  /** The labels above the title (category, completion, featured). */
  chips: ReactNode;
  title: string;
  /** The short description; nothing is shown for an empty one. */
  summary: string;
  rating: ReactNode;
}

/**
 * The top of a project's page: the way back, the labels, the title, the short description and the
 * rating. The article draws it, and so does the preview the server fills in
 * (`project-preview.tsx`), so both put the title in the same place.
 */
export function ProjectHeader({ chips, title, summary, rating }: ProjectHeaderProps) {
  return (
    // A light hero, like every page's: the header is transparent over it at the top.
    <header className="bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-28 pb-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SiteLink to="/portfolio" className="text-sm font-medium text-blue-700 hover:text-blue-900">
          ← Back to Portfolio
        </SiteLink>
        <div className="mt-6 flex flex-wrap items-center gap-3">{chips}</div>
        <h1 className="mt-4 text-4xl font-bold text-gray-900 md:text-5xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 empty:hidden">{summary}</p>
        <div className="mt-4 flex items-center gap-2">{rating}</div>
      </div>
    </header>
  );
}

/** The invitation at the end of a project's page; the server's preview ends with it too. */
export function ProjectCallToAction() {
  return (
    <section className="mt-16 rounded-3xl bg-gradient-to-r from-blue-600 to-indigo-700 p-10 text-center text-white">
      <h2 className="text-3xl font-bold">Have a Similar Project in Mind?</h2>
      <p className="mx-auto mt-3 max-w-2xl text-blue-100">
        Tell us about it and we will get back to you within 24 hours.
      </p>
      <SiteLink
        to="/discuss-project"
        className="mt-6 inline-block rounded-full bg-white px-8 py-3 font-semibold text-blue-800 hover:bg-blue-50"
      >
        Start Your Project
      </SiteLink>
    </section>
  );
}

/**
 * A project as the site shows it at /project/{slug}: the public page draws the published project
 * with it, the back office's preview a draft or unsaved one, so both show the same thing.
 */
export function ProjectArticle({ project }: { project: PortfolioProject }) {
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
    { label: 'Client', value: project.client || '—' },
    { label: 'Category', value: project.category || '—' },
    { label: 'Completed', value: longDate(project.completedAt) || '—' },
    { label: 'Status', value: label },
  ];

  return (
    <article className="pb-16">
      <ProjectHeader
        chips={
          <>
            {project.category && <span className={PROJECT_CATEGORY_CLASS}>{project.category}</span>}
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm text-green-800">
              {label}
            </span>
            {project.featured && (
              <span className="rounded-full bg-yellow-400 px-3 py-1 text-sm font-semibold text-gray-900">
                Featured Project
              </span>
            )}
          </>
        }
        title={project.title}
        summary={project.shortDescription}
        rating={
          <>
            <StarRating rating={rating} />
            <span className="text-sm text-gray-600">{rating.toFixed(1)}</span>
          </>
        }
      />

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <dl className={PROJECT_FACTS_CLASS}>
          {meta.map((item) => (
            <div key={item.label} className={PROJECT_FACT_CLASS}>
              <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">
                {item.label}
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
              aria-label={`Open the image of ${project.title} full screen`}
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
                Project Overview
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
                Project Metrics
              </h2>
              <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
                <div className="rounded-xl bg-blue-50 p-3">
                  <dd className="text-2xl font-bold text-blue-700">{technologies.length}</dd>
                  <dt className="text-xs text-gray-600">Technologies</dt>
                </div>
                <div className="rounded-xl bg-purple-50 p-3">
                  <dd className="text-2xl font-bold text-purple-700">{tags.length}</dd>
                  <dt className="text-xs text-gray-600">Tags</dt>
                </div>
                <div className="rounded-xl bg-green-50 p-3">
                  <dd className="text-sm font-bold text-green-800">
                    {project.status === 'published' ? 'Live' : project.status}
                  </dd>
                  <dt className="text-xs text-gray-600">Status</dt>
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
                  Tags
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
                  Project Links
                </h2>
                <div className="mt-4 flex flex-col gap-3">
                  {project.demoUrl && (
                    <a
                      href={project.demoUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="rounded-full bg-blue-600 px-5 py-2 text-center font-semibold text-white hover:bg-blue-700"
                    >
                      Live Demo
                    </a>
                  )}
                  {project.githubUrl && (
                    <a
                      href={project.githubUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="rounded-full border-2 border-gray-800 px-5 py-2 text-center font-semibold text-gray-900 hover:bg-gray-50"
                    >
                      View on GitHub
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
        <ImageViewer
          images={images}
          startIndex={viewerAt}
          label={project.title}
          onClose={() => setViewerAt(null)}
        />
      )}
    </article>
  );
}
