/**
 * Splits third-party code into long-lived chunks, so a release that changes only the app's own
 * code leaves the visitor's cached libraries valid (and no chunk is over Vite's size warning).
 */
export const vendorChunks = {
  groups: [
    { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
    { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
    {
      name: 'markdown',
      test: /[\\/]node_modules[\\/](markdown-it[^\\/]*|dompurify|entities|linkify-it|mdurl|uc\.micro|punycode\.js)[\\/]/,
    },
    // Only the icons' path data: `@atelier/ui/icon` draws them, with no icon runtime.
    { name: 'icons', test: /[\\/]node_modules[\\/]@fortawesome[\\/]/ },
    { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/ },
  ],
};
