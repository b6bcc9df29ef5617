import {
  faCloud,
  faCode,
  faDatabase,
  faLaptopCode,
  faMobileAlt,
  faPalette,
  faPlug,
  faRocket,
  faSearch,
  faShield,
} from '@fortawesome/free-solid-svg-icons';
import { describe, expect, it } from 'vitest';
import { serviceIconStyle } from './service-icons';

describe('serviceIconStyle', () => {
  it.each([
    ['faMobileAlt', faMobileAlt, 'blue'],
    ['faLaptopCode', faLaptopCode, 'indigo'],
    ['faPalette', faPalette, 'purple'],
    ['faSearch', faSearch, 'green'],
    ['faCode', faCode, 'red'],
    ['faPlug', faPlug, 'yellow'],
    ['faDatabase', faDatabase, 'indigo'],
    ['faCloud', faCloud, 'blue'],
    ['faShield', faShield, 'green'],
    ['faRocket', faRocket, 'orange'],
  ])('shows %s as its own icon in %s', (name, icon, color) => {
    const style = serviceIconStyle(name);

    expect(style.icon).toBe(icon);
    expect(style.color).toBe(color);
    expect(style.textClass).toBe(`text-${color}-600`);
    expect(style.backgroundClass).toBe(`bg-${color}-100`);
  });

  it.each(['faUnknownThing', '', 'toString', null, undefined])(
    'falls back to a gray database icon for %j',
    (name) => {
      const style = serviceIconStyle(name);

      expect(style.icon).toBe(faDatabase);
      expect(style.color).toBe('gray');
      expect(style.textClass).toBe('text-gray-500');
    },
  );
});
