import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DEMO_IMAGES = [
  ...Array.from({ length: 12 }, (_, index) => ({ name: `blog-${index + 1}`, ratio: 16 / 9 })),
  ...Array.from({ length: 10 }, (_, index) => ({ name: `project-${index + 1}`, ratio: 16 / 10 })),
  ...Array.from({ length: 6 }, (_, index) => ({ name: `team-${index + 1}`, ratio: 1 })),
];

const read = (name: string) =>
  readFileSync(join(process.cwd(), 'public/images/demo', `${name}.svg`), 'utf8');

describe('Demo images the seeded content refers to', () => {
  it.each(DEMO_IMAGES)(
    '/images/demo/$name.svg is a small titled SVG of the right shape',
    ({ name, ratio }) => {
      const source = read(name);
      const svg = new DOMParser().parseFromString(source, 'image/svg+xml').documentElement;

      expect(svg.tagName).toBe('svg');
      expect(new TextEncoder().encode(source).length).toBeLessThan(4096);
      expect(svg.querySelector('title')?.textContent?.trim()).not.toBe('');
      const [, , boxWidth, boxHeight] = (svg.getAttribute('viewBox') ?? '')
        .split(/\s+/)
        .map(Number);
      const width = Number(svg.getAttribute('width'));
      const height = Number(svg.getAttribute('height'));
      expect(width / height).toBeCloseTo(ratio, 2);
      expect((boxWidth ?? 0) / (boxHeight ?? 1)).toBeCloseTo(ratio, 2);
      // Self-contained: nothing fetched from another file or host.
      expect(source).not.toMatch(/(?:href|src)="(?:https?:)?\/\//);
      expect(source).not.toMatch(/<script|<image|<foreignObject|url\((?!#)/i);
    },
  );

  it('gives every picture its own drawing and title', () => {
    const sources = DEMO_IMAGES.map(({ name }) => read(name));
    const titles = sources.map((source) => /<title>(.*?)<\/title>/.exec(source)?.[1]);

    expect(new Set(sources).size).toBe(DEMO_IMAGES.length);
    expect(new Set(titles).size).toBe(DEMO_IMAGES.length);
  });
});
