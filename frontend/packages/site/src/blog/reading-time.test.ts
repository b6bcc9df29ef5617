import { describe, expect, it } from 'vitest';
import { readingTime } from './reading-time';

const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');

describe('readingTime', () => {
  it('counts 200 words as one minute', () => {
    expect(readingTime(words(200))).toBe('1 min read');
  });

  it('rounds a partial minute up', () => {
    expect(readingTime(words(1))).toBe('1 min read');
    expect(readingTime(words(201))).toBe('2 min read');
    expect(readingTime(words(1000))).toBe('5 min read');
  });

  it('ignores extra whitespace between words', () => {
    expect(readingTime(`  ${words(200).replaceAll(' ', ' \n\t ')}  `)).toBe('1 min read');
  });

  it('says 0 min read for empty text', () => {
    expect(readingTime('')).toBe('0 min read');
    expect(readingTime('   ')).toBe('0 min read');
  });

  it('says 0 min read when the content is not a string', () => {
    expect(readingTime(undefined)).toBe('0 min read');
    expect(readingTime(null)).toBe('0 min read');
    expect(readingTime([{ type: 'text', text: words(400) }])).toBe('0 min read');
  });
});
