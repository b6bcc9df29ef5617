import { SERVICE_ICONS } from '@atelier/ui/service-icons';
import type { ReactElement } from 'react';
import { FeatureTick, GetStartedArrow, ServiceCardIcon } from './service-card';

/**
 * The pictures of a service card the server cannot draw itself, by the name the server asks for
 * them with (`crates/adapters-http/src/site/content.rs`): each service icon (`icon:faCode`), the
 * feature tick (`check`) and the arrow (`arrow`). The build writes their markup into `pages.json`.
 */
export const serviceCardParts = (): Record<string, ReactElement> => ({
  ...Object.fromEntries(
    Object.keys(SERVICE_ICONS).map((name) => [
      `icon:${name}`,
      <ServiceCardIcon key={name} name={name} />,
    ]),
  ),
  check: <FeatureTick />,
  arrow: <GetStartedArrow />,
});
