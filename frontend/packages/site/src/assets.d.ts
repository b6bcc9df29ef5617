// Stylesheets are bundled by Vite and ignored by the tests.
declare module '*.css';
