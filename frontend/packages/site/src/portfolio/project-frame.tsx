//! What a project's page and the server's preview of it share: the class names of its parts,
//! the header and the closing invitation.

import { t } from '@atelier/messages/intl';
import type { ReactNode } from 'react';
import { SiteLink } from '../links';

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
          {`← ${t('project.backToPortfolio')}`}
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
      <h2 className="text-3xl font-bold">{t('project.cta.heading')}</h2>
      <p className="mx-auto mt-3 max-w-2xl text-blue-100">{t('project.cta.body')}</p>
      <SiteLink
        to="/discuss-project"
        className="mt-6 inline-block rounded-full bg-white px-8 py-3 font-semibold text-blue-800 hover:bg-blue-50"
      >
        {t('project.cta.button')}
      </SiteLink>
    </section>
  );
}
