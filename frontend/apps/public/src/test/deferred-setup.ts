// The tests render the home page's sections as the pre-rendered page shows them: loaded. (In the
// browser they load apart from the page: see `lib/deferred.tsx`.)
import '@/app/routes/home';
import { loadDeferred } from '@/lib/deferred';

await loadDeferred();
