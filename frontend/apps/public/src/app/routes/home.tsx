import { AboutSection } from '../../features/home/components/about-section';
import { FeaturesStrip } from '../../features/home/components/features-strip';
import { HeroSection } from '../../features/home/components/hero-section';
import { WorkTogetherSection } from '../../features/home/components/work-together-section';
import { ServicesSection } from '../../features/services/components/services-section';

/** Home: a stack of sections (public-site.md §2, Home sections). */
export function HomeRoute() {
  return (
    <>
      <HeroSection />
      <FeaturesStrip />
      <AboutSection />
      <ServicesSection />
      <WorkTogetherSection />
    </>
  );
}
