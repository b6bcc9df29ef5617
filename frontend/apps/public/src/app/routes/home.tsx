import type { HomeSectionKey } from '@atelier/api-client/api';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { Fragment, lazy, type ReactNode, Suspense } from 'react';
import { FeaturesStrip } from '@/features/home/components/features-strip';
import { HeroSection } from '@/features/home/components/hero-section';
// Shares the contact details with the footer: hydrated with it, before they arrive.
import { WorkTogetherSection } from '@/features/home/components/work-together-section';
import { useHomePage } from '@/hooks/use-home-page';
import { Deferred, deferred } from '@/lib/deferred';

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

/** Its own boundary: React hydrates each section apart, yielding to the browser between them. */
const Section = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={null}>{children}</Suspense>
);

/**
 * The deferred sections' elements, made once: when the page re-renders (the screen turns out to be
 * a desktop's), a section not hydrated yet gets the same element and keeps its server markup. A new
 * element would be an update React can only apply by dropping that markup until the section loads.
 */
const aboutSection = (
  <Section>
    <Deferred section={AboutSection} />
  </Section>
);
const servicesSection = (
  <Section>
    <Deferred section={ServicesSection} />
  </Section>
);
const portfolioPreviewSection = (
  <Section>
    <Deferred section={PortfolioPreviewSection} />
  </Section>
);
const blogPreviewSection = (
  <Section>
    <Deferred section={BlogPreviewSection} />
  </Section>
);
const testimonialsSection = (
  <Section>
    <Deferred section={TestimonialsSection} />
  </Section>
);
const faqPreviewSection = (
  <Section>
    <Deferred section={FaqPreviewSection} />
  </Section>
);

/** Home: the hero, then the sections the owner shows, in the owner's order (public-site.md §2). */
export function HomeRoute() {
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
            <Suspense fallback={null}>
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
            <Suspense fallback={null}>
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
