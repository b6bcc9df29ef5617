import type { MediaItem } from '@atelier/api-client/api';
import { describe, expect, it } from 'vitest';
import { schema, valuesOf } from './media-form';

const errorsOf = (values: unknown) =>
  schema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [];

describe('the media item form', () => {
  it('accepts a title, an empty alt text and no tags', () => {
    expect(errorsOf({ title: 'Logo', alt: '', tags: [] })).toEqual([]);
  });

  it('requires a title that is more than spaces', () => {
    expect(errorsOf({ title: '   ', alt: '', tags: [] })).toEqual(['Title is required']);
  });

  it('says the spec’s limits on the title, the alt text and the tags', () => {
    expect(errorsOf({ title: 'x'.repeat(201), alt: '', tags: [] })).toEqual([
      'Title must be at most 200 characters',
    ]);
    expect(errorsOf({ title: 'T', alt: 'x'.repeat(501), tags: [] })).toEqual([
      'Alt text must be at most 500 characters',
    ]);
    expect(errorsOf({ title: 'T', alt: '', tags: Array(21).fill('tag') })).toEqual([
      'At most 20 tags are allowed',
    ]);
    expect(errorsOf({ title: 'T', alt: '', tags: ['x'.repeat(51)] })).toEqual([
      'Each tag must be at most 50 characters',
    ]);
  });

  it('counts a tag’s length without its surrounding spaces', () => {
    expect(errorsOf({ title: 'T', alt: '', tags: [` ${'x'.repeat(50)} `] })).toEqual([]);
  });

  it('takes the editable fields of an item', () => {
    const item = { _id: 'm1', title: 'Logo', alt: 'The logo', tags: ['brand'] } as MediaItem;
    expect(valuesOf(item)).toEqual({ title: 'Logo', alt: 'The logo', tags: ['brand'] });
  });
});
