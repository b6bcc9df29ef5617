/**
 * The public site's typeface: its stylesheet sets it as the page's sans-serif font
 * (`apps/public/src/styles/index.css`, keep the two in step), and the back office's preview draws
 * pages with it.
 */
export const SITE_FONT_FAMILY =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
