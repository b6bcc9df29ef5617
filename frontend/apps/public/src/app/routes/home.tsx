import { LARGE_SCREEN_QUERY, useMediaQuery } from '@atelier/ui/use-media-query';
import { lazy, Suspense } from 'react';
import { AboutSection } from '@/features/about/components/about-section';
import { BlogPreviewSection } from '@/features/blog/components/blog-preview-section';
import { FaqPreviewSection } from '@/features/faq/components/faq-preview-section';
import { FeaturesStrip } from '@/features/home/components/features-strip';
import { HeroSection } from '@/features/home/components/hero-section';
import { WorkTogetherSection } from '@/features/home/components/work-together-section';
import { PortfolioPreviewSection } from '@/features/portfolio/components/portfolio-preview-section';
import { ServicesSection } from '@/features/services/components/services-section';
import { TestimonialsSection } from '@/features/testimonials/components/testimonials-section';

// Desktop-only sections are separate chunks, fetched only where they are shown.
const WhyChooseUsSection = lazy(async () => ({
  default: (await import('@/features/home/components/why-choose-us-section')).WhyChooseUsSection,
}));
const WhyHireSection = lazy(async () => ({
  default: (await import('@/features/home/components/why-hire-section')).WhyHireSection,
}));

/** Home: a stack of sections (public-site.md §2, Home sections). */
export function HomeRoute() {
  const desktop = useMediaQuery(LARGE_SCREEN_QUERY);
  return (
    <>
      <HeroSection />
      <FeaturesStrip />
      <AboutSection />
      <ServicesSection />
      <PortfolioPreviewSection />
      <BlogPreviewSection />
      <TestimonialsSection />
      {desktop && (
        <Suspense fallback={null}>
          <WhyChooseUsSection />
        </Suspense>
      )}
      <FaqPreviewSection />
      <WorkTogetherSection />
      {desktop && (
        <Suspense fallback={null}>
          <WhyHireSection />
        </Suspense>
      )}
    </>
  );
}
