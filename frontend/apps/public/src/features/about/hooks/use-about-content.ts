import { useGetContentPage } from '@atelier/api-client/api';
import { DEFAULT_ABOUT } from '../about-defaults';

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
  if (isPending) return { about: DEFAULT_ABOUT, loading: true };
  if (!data) return { about: DEFAULT_ABOUT, loading: false };
  const values = data.values.map((value) => value.trim()).filter(Boolean);
  return {
    loading: false,
    about: {
      title: data.title.trim() || DEFAULT_ABOUT.title,
      subtitle: data.subtitle.trim() || DEFAULT_ABOUT.subtitle,
      description: data.description.trim() || DEFAULT_ABOUT.description,
      mission: data.mission.trim() || DEFAULT_ABOUT.mission,
      vision: data.vision.trim() || DEFAULT_ABOUT.vision,
      values: values.length > 0 ? values : DEFAULT_ABOUT.values,
    },
  };
};
