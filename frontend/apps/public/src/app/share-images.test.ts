import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The width and height of a PNG, from its header. */
const pngSize = (name: string) => {
  const bytes = readFileSync(join(process.cwd(), 'public/images', name));
  expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), size: bytes.length };
};

// The server names these in link previews and structured data (crates/adapters-http/src/site/head.rs).
describe('Pictures the server names in every page’s head', () => {
  it('/images/share-card.png is the 1200 × 630 link preview picture', () => {
    const card = pngSize('share-card.png');
    expect([card.width, card.height]).toEqual([1200, 630]);
    expect(card.size).toBeLessThan(64 * 1024);
  });

  it('/images/logo.png is the publisher’s square logo, at least 112 px', () => {
    const logo = pngSize('logo.png');
    expect(logo.width).toBe(logo.height);
    expect(logo.width).toBeGreaterThanOrEqual(112);
    expect(logo.size).toBeLessThan(32 * 1024);
  });
});
