import { startCatalogue } from '@atelier/messages/load';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createPublicQueryClient } from './app/query-client';
import { createSiteRouter } from './app/router';
import { deferUntilIdle } from './lib/deferred';
import { configureEarlyRequests } from './lib/early-requests';
import { apiLanguageOf, currentPageLanguage, ROOT_BASE_ATTRIBUTE } from './lib/page-language';
import { seedServerData } from './lib/server-data';
import { receiveServerPreview } from './lib/server-preview';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A page of another language than the default (`/de/blog/x`) is the page `/blog/x` under `/de`; its
// reads that take a language ask in it (docs/languages.md).
const language = currentPageLanguage();
configureEarlyRequests(apiLanguageOf(language));
// The page's language is its `<html lang>`: its catalogue (English is in the code, another language
// a chunk of its own) loads while the router loads the page's module.
const [{ router, pageLoaded }] = await Promise.all([
  createSiteRouter(undefined, window.location, language.basename),
  startCatalogue(),
]);
// One page view for this load and one for each page the router shows later (docs/privacy.md): the
// beacon's module loads apart, not needed to draw the page.
const landing = { ...router.state.location };
void import('./lib/beacon').then(({ trackPageViews }) => trackPageViews(router, landing));
// The API answers the server embedded in the page: its queries have their data at once.
const queryClient = createPublicQueryClient(apiLanguageOf(language));
seedServerData(queryClient);
const app = (
  <StrictMode>
    <App router={router} client={queryClient} language={language} />
  </StrictMode>
);
// Pages the build pre-rendered arrive with their markup: React adopts it instead of drawing anew.
// When the page's module could not be loaded, the router draws afresh (its route error, if need be),
// as it does when the page's links were drawn under another prefix than its own (a `de-AT` page
// sent from the `de` files, a language without a catalogue sent from the default language's).
const drawnUnder = root.getAttribute(ROOT_BASE_ATTRIBUTE) ?? '';
if (root.firstElementChild && pageLoaded && drawnUnder === language.basename) {
  deferUntilIdle(true);
  receiveServerPreview();
  // In a transition, React adopts the page in slices and yields to the browser between them, so a
  // phone's main thread is never held for the whole page at once (docs/light-pages.md).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
