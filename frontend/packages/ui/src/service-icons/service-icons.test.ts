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
