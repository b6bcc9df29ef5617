import { faHouse } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Home page screen as the registry lists it. */
export const homePageScreen = defineScreen({
  path: 'home-page',
  label: 'Home Page',
  title: 'Home Page',
  icon: faHouse,
  summary:
    'Edit every text of the home page, show, hide and order its sections, and set the footer’s services.',
  load: () => import('./home-page-screen'),
  requires: ['saveHomePage'],
  audit: [{ value: 'home-page', label: 'Home page' }],
});
