//! The English catalogue bundled with the code, the default of every `t` until another is
//! activated (the back office, tests, the pre-renderer). The public site's browser build replaces
//! this module with an empty one (`apps/public/vite.config.ts`): each page loads its own
//! language's catalogue as a chunk (`load.ts`), so a German page carries no English messages.

import english from '../compiled/en.json';

export default english;
