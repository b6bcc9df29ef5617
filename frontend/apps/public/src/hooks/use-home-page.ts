import {
  type HomePage,
  type HomeSection,
  type HomeSectionKey,
  useGetHomePage,
} from '@atelier/api-client/api';
import { HOME_DEFAULTS } from '@/lib/home-defaults';

/**
 * The home page's texts (GET /home-page, fetched once per visit and shared by the home page's
 * sections and the footer); the original texts until it arrives or when it cannot be read.
 */
export const useHomePage = (): HomePage => {
  const { data } = useGetHomePage(undefined, {
    query: { staleTime: Number.POSITIVE_INFINITY, retry: false },
  });
  return data ?? HOME_DEFAULTS;
};

const defaultSection = (key: HomeSectionKey): HomeSection =>
  HOME_DEFAULTS.sections.find((section) => section.key === key) ??
  (HOME_DEFAULTS.sections[0] as HomeSection);

/** One section of the home page: its texts, visibility and order. */
export const useHomeSection = (key: HomeSectionKey): HomeSection =>
  useHomePage().sections.find((section) => section.key === key) ?? defaultSection(key);
