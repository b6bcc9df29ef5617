import { t } from '@atelier/messages/intl';
import heroImage from '@/assets/hero-workspace.svg';
import { SiteLinks } from '@/components/site-link';
import { useHomePage } from '@/hooks/use-home-page';

const BUTTON_CLASSES: readonly [string, string] = [
  'rounded-full bg-blue-600 px-8 py-3 text-center font-semibold text-white shadow-lg hover:bg-blue-700',
  'rounded-full border-2 border-blue-600 px-8 py-3 text-center font-semibold text-blue-600 hover:bg-blue-50',
];

/** The hero's picture (the server's hero takes it from the build: `home-parts.tsx`). */
export const HeroImage = () => (
  <img
    src={heroImage}
    alt={t('home.heroImage')}
    width={560}
    height={420}
    className="w-full rounded-3xl shadow-2xl"
  />
);

export function HeroSection() {
  const { hero } = useHomePage();
  return (
    <section
      id="home"
      className="relative overflow-hidden bg-gradient-to-br from-blue-50 via-white to-indigo-50 pt-28 pb-20"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <h1 className="text-4xl font-extrabold leading-tight text-gray-900 md:text-5xl">
            {hero.title}
          </h1>
          {hero.subtitle && (
            <p className="mt-6 text-lg leading-relaxed text-gray-600">{hero.subtitle}</p>
          )}
          {hero.links.length > 0 && (
            <div className="mt-8 flex flex-col gap-4 sm:flex-row">
              <SiteLinks links={hero.links} classes={BUTTON_CLASSES} />
            </div>
          )}
          {hero.trustedBy && (
            <p className="mt-8 text-sm font-medium text-gray-500">{hero.trustedBy}</p>
          )}
        </div>
        <HeroImage />
      </div>
    </section>
  );
}
