import { Icon } from '@atelier/ui/icon';
import { faCalendarCheck } from '@fortawesome/free-solid-svg-icons/faCalendarCheck';
import { faComments } from '@fortawesome/free-solid-svg-icons/faComments';
import { faPhone } from '@fortawesome/free-solid-svg-icons/faPhone';
import { faStar } from '@fortawesome/free-solid-svg-icons/faStar';
import { faStarHalfStroke } from '@fortawesome/free-solid-svg-icons/faStarHalfStroke';
import type { ReactElement } from 'react';
import { defaultAbout } from '@/features/about/about-defaults';
import { BlogPreviewLoading } from '@/features/blog/components/blog-preview-section';
import { ICONS as FEATURE_ICONS } from '@/features/home/components/features-strip';
import { HeroImage } from '@/features/home/components/hero-section';
import { ICONS as WHY_CHOOSE_US_ICONS } from '@/features/home/components/why-choose-us-section';
import { ICONS as WHY_HIRE_ICONS } from '@/features/home/components/why-hire-section';
import { PortfolioPreviewLoading } from '@/features/portfolio/components/portfolio-preview-section';
import { serviceCardParts } from '@/features/services/components/service-card-parts';
import { FALLBACK_CONTACT } from '@/lib/contact';

type IconDefinition = (typeof FEATURE_ICONS)[number];

const numbered = (prefix: string, icons: readonly IconDefinition[], className?: string) =>
  Object.fromEntries(
    icons.map((icon, index) => [
      `${prefix}:${index}`,
      <Icon key={icon.iconName} icon={icon} aria-hidden="true" className={className} />,
    ]),
  );

/**
 * What the server's home page (`crates/adapters-http/src/site/content/home.rs`) takes from the
 * build, by name: the hero's picture, each section's icons as the section draws them, the About page's built-in
 * texts, the loading states of the sections whose lists arrive later, and the fallback phone number of "Let's Work
 * Together". The build writes their markup into `pages.json` with the home page.
 */
export const homeParts = (): Record<string, ReactElement> => ({
  'hero:image': <HeroImage />,
  ...numbered('features:icon', FEATURE_ICONS),
  ...numbered('why-choose-us:icon', WHY_CHOOSE_US_ICONS, 'h-5 w-5'),
  ...numbered('why-choose-us:large-icon', WHY_CHOOSE_US_ICONS, 'h-10 w-10 text-blue-600'),
  ...numbered('why-hire:icon', WHY_HIRE_ICONS, 'h-6 w-6 text-blue-300'),
  ...numbered('contact:icon', [faComments, faPhone, faCalendarCheck], 'h-8 w-8'),
  'contact:fallback-phone': <>{FALLBACK_CONTACT.phone}</>,
  // The About page's built-in texts (`useAboutContent`), the values one a line.
  'about:title': <>{defaultAbout().title}</>,
  'about:subtitle': <>{defaultAbout().subtitle}</>,
  'about:description': <>{defaultAbout().description}</>,
  'about:mission': <>{defaultAbout().mission}</>,
  'about:vision': <>{defaultAbout().vision}</>,
  'about:values': <>{defaultAbout().values.join('\n')}</>,
  // The services section's cards (`ServiceCard`): their icons, ticks and arrows.
  ...serviceCardParts(),
  'portfolio:loading': <PortfolioPreviewLoading />,
  'blog:loading': <BlogPreviewLoading />,
  // A testimonial's stars, each kind as `StarRating` draws it.
  'star:full': (
    <Icon icon={faStar} data-star="full" className="text-yellow-500" aria-hidden="true" />
  ),
  'star:half': (
    <Icon icon={faStarHalfStroke} data-star="half" className="text-yellow-500" aria-hidden="true" />
  ),
  'star:empty': (
    <Icon icon={faStar} data-star="empty" className="text-gray-300" aria-hidden="true" />
  ),
});
