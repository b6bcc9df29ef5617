import { Icon } from '@atelier/ui/icon';
import { faEnvelope } from '@fortawesome/free-solid-svg-icons/faEnvelope';
import { faLocationDot } from '@fortawesome/free-solid-svg-icons/faLocationDot';
import { faPhone } from '@fortawesome/free-solid-svg-icons/faPhone';
import type { ReactElement } from 'react';
import { NETWORKS } from '../social-links';
import { BrandLogo } from './brand-logo';
import { FallbackContactInfo, FOOTER_ICON_CLASS } from './footer';

/** A contact line's icon as `ContactDetailsList` draws it in the footer. */
const contactIcon = (icon: typeof faEnvelope) => (
  <Icon icon={icon} fixedWidth className={`mt-1 ${FOOTER_ICON_CLASS}`} aria-hidden="true" />
);

/**
 * The pictures of the footer the server cannot draw itself, by the name the server asks for them
 * with (`crates/adapters-http/src/site/content/footer.rs`): the logo, each social network's icon
 * (`social:github`), the contact lines' icons and the fallback contact list. The build writes their
 * markup into `pages.json`, for every page.
 */
export const footerParts = (): Record<string, ReactElement> => ({
  logo: <BrandLogo inverted />,
  ...Object.fromEntries(
    Object.entries(NETWORKS).map(([network, { icon }]) => [
      `social:${network}`,
      <Icon key={network} icon={icon} aria-hidden="true" />,
    ]),
  ),
  'contact:email': contactIcon(faEnvelope),
  'contact:phone': contactIcon(faPhone),
  'contact:address': contactIcon(faLocationDot),
  'contact:fallback': <FallbackContactInfo />,
});
