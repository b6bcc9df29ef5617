import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { faCloud } from '@fortawesome/free-solid-svg-icons/faCloud';
import { faCode } from '@fortawesome/free-solid-svg-icons/faCode';
import { faDatabase } from '@fortawesome/free-solid-svg-icons/faDatabase';
import { faLaptopCode } from '@fortawesome/free-solid-svg-icons/faLaptopCode';
import { faMobileAlt } from '@fortawesome/free-solid-svg-icons/faMobileAlt';
import { faPalette } from '@fortawesome/free-solid-svg-icons/faPalette';
import { faPlug } from '@fortawesome/free-solid-svg-icons/faPlug';
import { faRocket } from '@fortawesome/free-solid-svg-icons/faRocket';
import { faSearch } from '@fortawesome/free-solid-svg-icons/faSearch';
import { faShield } from '@fortawesome/free-solid-svg-icons/faShield';

export type ServiceIconColor =
  | 'blue'
  | 'indigo'
  | 'purple'
  | 'green'
  | 'red'
  | 'yellow'
  | 'orange'
  | 'gray';

export interface ServiceIconStyle {
  icon: IconDefinition;
  color: ServiceIconColor;
  /** Tailwind classes for the glyph colour. */
  textClass: string;
  /** Tailwind classes for the tinted circle behind the glyph. */
  backgroundClass: string;
}

// Full class names, so Tailwind finds them when it scans this file.
const palette: Record<ServiceIconColor, Pick<ServiceIconStyle, 'textClass' | 'backgroundClass'>> = {
  blue: { textClass: 'text-blue-600', backgroundClass: 'bg-blue-100' },
  indigo: { textClass: 'text-indigo-600', backgroundClass: 'bg-indigo-100' },
  purple: { textClass: 'text-purple-600', backgroundClass: 'bg-purple-100' },
  green: { textClass: 'text-green-600', backgroundClass: 'bg-green-100' },
  red: { textClass: 'text-red-600', backgroundClass: 'bg-red-100' },
  yellow: { textClass: 'text-yellow-600', backgroundClass: 'bg-yellow-100' },
  orange: { textClass: 'text-orange-600', backgroundClass: 'bg-orange-100' },
  gray: { textClass: 'text-gray-500', backgroundClass: 'bg-gray-100' },
};

/** The icon names a service may carry, with the icon and colour each one shows. */
export const SERVICE_ICONS: Readonly<
  Record<string, { icon: IconDefinition; color: ServiceIconColor }>
> = {
  faMobileAlt: { icon: faMobileAlt, color: 'blue' },
  faLaptopCode: { icon: faLaptopCode, color: 'indigo' },
  faPalette: { icon: faPalette, color: 'purple' },
  faSearch: { icon: faSearch, color: 'green' },
  faCode: { icon: faCode, color: 'red' },
  faPlug: { icon: faPlug, color: 'yellow' },
  faDatabase: { icon: faDatabase, color: 'indigo' },
  faCloud: { icon: faCloud, color: 'blue' },
  faShield: { icon: faShield, color: 'green' },
  faRocket: { icon: faRocket, color: 'orange' },
};

/** The fallback for an unknown or missing icon name: a gray database icon. */
export const FALLBACK_SERVICE_ICON = { icon: faDatabase, color: 'gray' } as const;

/** Looks up the icon and colour for a service's `icon` value. */
export const serviceIconStyle = (name: string | null | undefined): ServiceIconStyle => {
  const entry =
    name && Object.hasOwn(SERVICE_ICONS, name) ? SERVICE_ICONS[name] : FALLBACK_SERVICE_ICON;
  const { icon, color } = entry ?? FALLBACK_SERVICE_ICON;
  return { icon, color, ...palette[color] };
};
