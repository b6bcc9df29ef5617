import { faImages } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Media Library screen as the registry lists it. */
export const mediaScreen = defineScreen({
  path: 'media',
  label: 'Media Library',
  title: 'Media Library',
  icon: faImages,
  summary: 'Browse, search and tag the images, documents and videos used across the site.',
  load: () => import('./media-screen'),
  audit: [{ value: 'media', label: 'Media' }],
});
