import type { ReactNode } from 'react';
import type { RecordLanguageAttributes } from '@/lib/record-language';

export interface PageHeroProps {
  title: string;
  children?: ReactNode;
  /** The title's `lang` (and `dir`) when it is a record's text in another language than the page's. */
  titleLanguage?: RecordLanguageAttributes;
  /** The same for the text under the title. */
  subtitleLanguage?: RecordLanguageAttributes;
}

/** A page's title band, below the fixed header. */
export function PageHero({ title, children, titleLanguage, subtitleLanguage }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-32 pb-16">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
        <h1 {...titleLanguage} className="text-4xl font-bold text-gray-900 md:text-5xl">
          {title}
        </h1>
        {children && (
          <div {...subtitleLanguage} className="mt-4 text-lg text-gray-600">
            {children}
          </div>
        )}
      </div>
    </section>
  );
}
