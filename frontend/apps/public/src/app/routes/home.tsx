import type { HomeSectionKey } from '@atelier/api-client/api';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { Fragment, lazy, type ReactNode, Suspense } from 'react';
import { FeaturesStrip } from '@/features/home/components/features-strip';
import { HeroSection } from '@/features/home/components/hero-section';
// Shares the contact details with the footer: drawn with the page, from the embedded answer.
import { WorkTogetherSection } from '@/features/home/components/work-together-section';
import { useHomePage } from '@/hooks/use-home-page';
import { Deferred, type DeferredSection, deferred } from '@/lib/deferred';
import { ServerPreview, ServerSection, useKeepsServerContent } from '@/lib/server-preview';

// Below the fold: in the HTML at once, their code loaded and hydrated once the page is idle.
const AboutSection = deferred(
  async () => (await import('@/features/about/components/about-section')).AboutSection,
);
const ServicesSection = deferred(
  async () => (await import('@/features/services/components/services-section')).ServicesSection,
);
const PortfolioPreviewSection = deferred(
  async () =>
    (await import('@/features/portfolio/components/portfolio-preview-section'))
      .PortfolioPreviewSection,
);
const BlogPreviewSection = deferred(
  async () => (await import('@/features/blog/components/blog-preview-section')).BlogPreviewSection,
);
const TestimonialsSection = deferred(
  async () =>
    (await import('@/features/testimonials/components/testimonials-section')).TestimonialsSection,
);
const FaqPreviewSection = deferred(
  async () => (await import('@/features/faq/components/faq-preview-section')).FaqPreviewSection,
);

// Desktop-only sections are separate chunks, fetched only where they are shown.
const WhyChooseUsSection = lazy(async () => ({
  default: (await import('@/features/home/components/why-choose-us-section')).WhyChooseUsSection,
}));
const WhyHireSection = lazy(async () => ({
  default: (await import('@/features/home/components/why-hire-section')).WhyHireSection,
}));

/**
 * A section loading apart: until its code is loaded, the server's markup of it (on the page the
 * server wrote), so nothing moves when the page draws itself in place of the server's content.
 * Made once, at module level: a re-render (the screen turns out to be a desktop's) gives the
 * boundary the same element.
 */
const sectionOf = (key: HomeSectionKey, section: DeferredSection) => (
  <Suspense fallback={<ServerSection name={key} />}>
    <Deferred section={section} />
  </Suspense>
);

const aboutSection = sectionOf('about', AboutSection);
const servicesSection = sectionOf('services', ServicesSection);
const portfolioPreviewSection = sectionOf('portfolio', PortfolioPreviewSection);
const blogPreviewSection = sectionOf('blog', BlogPreviewSection);
const testimonialsSection = sectionOf('testimonials', TestimonialsSection);
const faqPreviewSection = sectionOf('faq', FaqPreviewSection);

/**
 * Home: the hero, then the sections the owner shows, in the owner's order (public-site.md §2). The
 * server writes the whole page (`content/home.rs`) and embeds the answers it reads: while React
 * adopts the page it keeps that markup, then draws the page from those answers, each section that
 * loads apart standing in with the server's markup until its code arrives.
 */
export function HomeRoute() {
  const keepsServerContent = useKeepsServerContent();
  if (keepsServerContent) return <ServerPreview />;
  return <HomeSections />;
}

function HomeSections() {
  const desktop = useMediaQuery(LARGE_SCREEN_QUERY);
  const { sections } = useHomePage();
  const element = (key: HomeSectionKey): ReactNode => {
    switch (key) {
      case 'features':
        return <FeaturesStrip />;
      case 'about':
        return aboutSection;
      case 'services':
        return servicesSection;
      case 'portfolio':
        return portfolioPreviewSection;
      case 'blog':
        return blogPreviewSection;
      case 'testimonials':
        return testimonialsSection;
      case 'why-choose-us':
        return (
          desktop && (
            <Suspense fallback={<ServerSection name={key} />}>
              <WhyChooseUsSection />
            </Suspense>
          )
        );
      case 'faq':
        return faqPreviewSection;
      case 'contact':
        return <WorkTogetherSection />;
      case 'why-hire':
        return (
          desktop && (
            <Suspense fallback={<ServerSection name={key} />}>
              <WhyHireSection />
            </Suspense>
          )
        );
    }
  };
  return (
    <>
      <HeroSection />
      {sections
        .filter((section) => section.visible)
        .map((section) => (
          <Fragment key={section.key}>{element(section.key)}</Fragment>
        ))}
    </>
  );
}
