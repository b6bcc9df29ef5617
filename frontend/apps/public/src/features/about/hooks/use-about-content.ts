import { useGetContentPage } from '@atelier/api-client/api';
import { defaultAbout } from '../about-defaults';

/** The about texts, each the stored page's or, where it is empty, the built-in one. */
export interface AboutTexts {
  title: string;
  subtitle: string;
  description: string;
  mission: string;
  vision: string;
  values: readonly string[];
}

export interface AboutContent extends AboutTexts {
  /** The language of the stored page's texts (its answer's `language`); absent for the built-in. */
  language?: string | null;
  /** Which texts are the stored page's (the others are the built-in ones, in the page's language). */
  own: Readonly<Record<keyof AboutTexts, boolean>>;
}

const BUILT_IN: AboutContent['own'] = {
  title: false,
  subtitle: false,
  description: false,
  mission: false,
  vision: false,
  values: false,
};

/** The about text (GET /content/about); the built-in text for anything missing or on a 404. */
export const useAboutContent = (): { about: AboutContent; loading: boolean } => {
  const { data, isPending } = useGetContentPage('about');
  const fallback = { ...defaultAbout(), own: BUILT_IN };
  if (isPending) return { about: fallback, loading: true };
  if (!data) return { about: fallback, loading: false };
  const values = data.values.map((value) => value.trim()).filter(Boolean);
  const title = data.title.trim();
  const subtitle = data.subtitle.trim();
  const description = data.description.trim();
  const mission = data.mission.trim();
  const vision = data.vision.trim();
  return {
    loading: false,
    about: {
      language: data.language,
      title: title || fallback.title,
      subtitle: subtitle || fallback.subtitle,
      description: description || fallback.description,
      mission: mission || fallback.mission,
      vision: vision || fallback.vision,
      values: values.length > 0 ? values : fallback.values,
      own: {
        title: title !== '',
        subtitle: subtitle !== '',
        description: description !== '',
        mission: mission !== '',
        vision: vision !== '',
        values: values.length > 0,
      },
    },
  };
};
