import { useGetContentPage } from '@atelier/api-client/api';
import { defaultAbout } from '../about-defaults';

export interface AboutContent {
  title: string;
  subtitle: string;
  description: string;
  mission: string;
  vision: string;
  values: readonly string[];
}

/** The about text (GET /content/about); the built-in text for anything missing or on a 404. */
export const useAboutContent = (): { about: AboutContent; loading: boolean } => {
  const { data, isPending } = useGetContentPage('about');
  const fallback = defaultAbout();
  if (isPending) return { about: fallback, loading: true };
  if (!data) return { about: fallback, loading: false };
  const values = data.values.map((value) => value.trim()).filter(Boolean);
  return {
    loading: false,
    about: {
      title: data.title.trim() || fallback.title,
      subtitle: data.subtitle.trim() || fallback.subtitle,
      description: data.description.trim() || fallback.description,
      mission: data.mission.trim() || fallback.mission,
      vision: data.vision.trim() || fallback.vision,
      values: values.length > 0 ? values : fallback.values,
    },
  };
};
