import { t } from '@atelier/messages/intl';
import { SwipeCarousel } from '@atelier/ui/swipe-carousel';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { SiteLink } from '@/components/site-link';
import { useHomeSection } from '@/hooks/use-home-page';
import { splitValue } from '../about-defaults';
import { useAboutContent } from '../hooks/use-about-content';
import { AboutSkeleton } from './about-skeleton';

export const ABOUT_VALUES_AUTO_ADVANCE_MS = 4000;

export function AboutSection() {
  const cta = useHomeSection('about');
  const mediumOrWider = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const { about, loading } = useAboutContent();
  const values = about.values.map((value) => {
    const { title, description } = splitValue(value);
    return (
      <div key={value} className="h-full rounded-xl bg-white p-6 shadow-sm">
        <h4 className="font-semibold text-gray-900">{title}</h4>
        {description && <p className="mt-2 text-sm text-gray-600">{description}</p>}
      </div>
    );
  });

  return (
    <section id="about" aria-labelledby="about-heading" className="bg-white py-20">
      {loading ? (
        <AboutSkeleton />
      ) : (
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="about-heading" className="text-3xl font-bold text-gray-900 md:text-4xl">
              {about.title}
            </h2>
            <p className="mt-4 text-lg text-gray-600">{about.subtitle}</p>
          </div>
          <div className="mx-auto mt-10 max-w-4xl space-y-4 text-center leading-relaxed text-gray-700">
            {about.description
              .split(/\n\s*\n/)
              .filter((paragraph) => paragraph.trim())
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </div>
          <div className="mt-12 grid gap-8 md:grid-cols-2">
            <div className="rounded-2xl bg-blue-50 p-8">
              <h3 className="text-xl font-semibold text-gray-900">{t('about.mission')}</h3>
              <p className="mt-3 text-gray-700">{about.mission}</p>
            </div>
            <div className="rounded-2xl bg-indigo-50 p-8">
              <h3 className="text-xl font-semibold text-gray-900">{t('about.vision')}</h3>
              <p className="mt-3 text-gray-700">{about.vision}</p>
            </div>
          </div>
          <div className="mt-12 rounded-2xl bg-gray-50 p-8">
            <h3 className="mb-6 text-center text-xl font-semibold text-gray-900">
              {t('about.values')}
            </h3>
            {mediumOrWider ? (
              <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">{values}</div>
            ) : (
              <SwipeCarousel
                label={t('about.valuesCarousel')}
                slides={values}
                autoAdvanceMs={ABOUT_VALUES_AUTO_ADVANCE_MS}
              />
            )}
          </div>
          {(cta.note.title || cta.links.length > 0) && (
            <div className="mt-12 text-center">
              {cta.note.title && (
                <h3 className="text-2xl font-bold text-gray-900">{cta.note.title}</h3>
              )}
              {cta.links.map((link) => (
                <SiteLink
                  key={`${link.label}-${link.target}`}
                  target={link.target}
                  className="mt-6 inline-block rounded-full bg-blue-600 px-8 py-3 font-semibold text-white shadow hover:bg-blue-700"
                >
                  {link.label}
                </SiteLink>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
