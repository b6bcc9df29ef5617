//! Stands in for `english-catalogue.ts` in the public site's browser build: no messages in the
//! code, every page loads its language's catalogue (`load.ts`).

export default {};
