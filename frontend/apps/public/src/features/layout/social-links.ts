import type { IconDefinition } from '@fortawesome/free-brands-svg-icons';
import { faFacebookF } from '@fortawesome/free-brands-svg-icons/faFacebookF';
import { faGithub } from '@fortawesome/free-brands-svg-icons/faGithub';
import { faInstagram } from '@fortawesome/free-brands-svg-icons/faInstagram';
import { faLinkedinIn } from '@fortawesome/free-brands-svg-icons/faLinkedinIn';
import { faTwitter } from '@fortawesome/free-brands-svg-icons/faTwitter';
import { faYoutube } from '@fortawesome/free-brands-svg-icons/faYoutube';

export interface SocialLink {
  network: string;
  label: string;
  url: string;
  icon: IconDefinition;
}

/** The networks the footer knows, in display order. */
export const NETWORKS: Readonly<Record<string, { label: string; icon: IconDefinition }>> = {
  facebook: { label: 'Facebook', icon: faFacebookF },
  twitter: { label: 'Twitter', icon: faTwitter },
  linkedin: { label: 'LinkedIn', icon: faLinkedinIn },
  instagram: { label: 'Instagram', icon: faInstagram },
  github: { label: 'GitHub', icon: faGithub },
  youtube: { label: 'YouTube', icon: faYoutube },
};

/** Shown when no social link is configured. */
export const PLACEHOLDER_SOCIAL_MEDIA: Readonly<Record<string, string>> = {
  facebook: 'https://facebook.com',
  twitter: 'https://twitter.com',
  linkedin: 'https://linkedin.com',
  instagram: 'https://instagram.com',
};

/**
 * The footer's social links: configured entries with a known network and a non-empty link,
 * or the four placeholders when none remains.
 */
export const socialLinks = (configured: Readonly<Record<string, string>> | undefined) => {
  const pick = (source: Readonly<Record<string, string>>): SocialLink[] =>
    Object.entries(NETWORKS).flatMap(([network, { label, icon }]) => {
      const url = source[network]?.trim();
      return url ? [{ network, label, url, icon }] : [];
    });
  const links = pick(configured ?? {});
  return links.length > 0 ? links : pick(PLACEHOLDER_SOCIAL_MEDIA);
};
