//! The technologies panel of a project's page: the first few, and 'Show N More'.

import { t } from '@atelier/messages/intl';
import { useState } from 'react';

/** The technology list shows this many before 'Show N More'. */
export const TECHNOLOGIES_SHOWN = 6;

export function Technologies({ names }: { names: string[] }) {
  const [expanded, setExpanded] = useState(false);
  const hidden = names.length - TECHNOLOGIES_SHOWN;
  const shown = expanded ? names : names.slice(0, TECHNOLOGIES_SHOWN);
  return (
    <section aria-labelledby="project-technologies" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="project-technologies" className="text-lg font-semibold text-gray-900">
        {t('project.technologies')}
      </h2>
      {names.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">{t('project.noTechnologies')}</p>
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
          {expanded ? t('project.showLess') : t('project.showMore', { count: hidden })}
        </button>
      )}
    </section>
  );
}
