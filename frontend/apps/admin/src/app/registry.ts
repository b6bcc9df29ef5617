import { accountScreen } from '@/features/account/screen';
import { administratorsScreen } from '@/features/administrators/screen';
import { auditScreen } from '@/features/audit/screen';
import { blogScreen } from '@/features/blog/screen';
import { categoriesScreen } from '@/features/categories/screen';
import { contactDetailsScreen } from '@/features/contact-details/screen';
import { contactsScreen } from '@/features/contacts/screen';
import { contentScreen } from '@/features/content/screen';
import { dashboardScreen } from '@/features/dashboard/screen';
import { faqScreen } from '@/features/faq/screen';
import { helpScreen } from '@/features/help/screen';
import { homePageScreen } from '@/features/home-page/screen';
import { insightsScreen } from '@/features/insights/screen';
import { mediaScreen } from '@/features/media/screen';
import { newsletterScreen } from '@/features/newsletter/screen';
import { portfolioScreen } from '@/features/portfolio/screen';
import { projectRequestsScreen } from '@/features/project-requests/screen';
import { redirectsScreen } from '@/features/redirects/screen';
import { servicesScreen } from '@/features/services/screen';
import { settingsScreen } from '@/features/settings/screen';
import { tagsScreen } from '@/features/tags/screen';
import { teamScreen } from '@/features/team/screen';
import { technologiesScreen } from '@/features/technologies/screen';
import { testimonialsScreen } from '@/features/testimonials/screen';
import { webhooksScreen } from '@/features/webhooks/screen';
import { createRegistry } from '@/kit/screens/registry';

/**
 * Every back-office screen, once, in the sidebar's order (back-office.md §2); the top bar's
 * screens in its order. Each feature declares its screen in `features/<name>/screen.ts`; the
 * sidebar, the top bar, the routes, the tab titles, the dashboard's quick links and recent
 * activity, the audit log's record kinds and the registry test are derived from this list.
 */
export const SCREENS = [
  dashboardScreen,
  insightsScreen,
  blogScreen,
  categoriesScreen,
  tagsScreen,
  technologiesScreen,
  servicesScreen,
  portfolioScreen,
  testimonialsScreen,
  teamScreen,
  mediaScreen,
  projectRequestsScreen,
  contactsScreen,
  newsletterScreen,
  contactDetailsScreen,
  faqScreen,
  contentScreen,
  homePageScreen,
  redirectsScreen,
  settingsScreen,
  auditScreen,
  webhooksScreen,
  administratorsScreen,
  helpScreen,
  accountScreen,
] as const;

export const REGISTRY = createRegistry(SCREENS);
