const svg = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="225" viewBox="0 0 400 225">',
  '<rect width="400" height="225" fill="#f3f4f6"/>',
  '<path d="M170 80h60v45h-60z" fill="none" stroke="#9ca3af" stroke-width="4"/>',
  '<circle cx="186" cy="95" r="6" fill="#9ca3af"/>',
  '<path d="M172 123l18-18 12 12 10-8 16 14" fill="none" stroke="#9ca3af" stroke-width="4"/>',
  '<text x="200" y="160" font-family="sans-serif" font-size="18" fill="#6b7280" text-anchor="middle">',
  'Image Not Found</text></svg>',
].join('');

/** An inline picture shown in place of an image that failed to load. */
export const IMAGE_NOT_FOUND_SRC = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
