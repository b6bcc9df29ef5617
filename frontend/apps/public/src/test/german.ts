import { activateCatalogue, ENGLISH_CATALOGUE } from '@atelier/messages/intl';
import { loadWholeCatalogue } from '@atelier/messages/load';
import { afterEach, beforeEach } from 'vitest';

/**
 * Draws the tests of the calling `describe` in German: the German catalogue is active during each
 * test, and English again after it (the files of a worker share one module graph).
 */
export const inGerman = () => {
  beforeEach(async () => {
    activateCatalogue('de', await loadWholeCatalogue('de'));
  });
  afterEach(() => {
    activateCatalogue('en', ENGLISH_CATALOGUE);
  });
};
