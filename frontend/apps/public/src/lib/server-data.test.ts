import { describe, expect, it } from 'vitest';
import { createPublicQueryClient } from '@/app/query-client';
import { SERVER_DATA_ID, seedServerData } from './server-data';

const pageWith = (json: string | undefined) => {
  const page = document.implementation.createHTMLDocument('page');
  if (json !== undefined) {
    const script = page.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_DATA_ID;
    script.textContent = json;
    page.head.append(script);
  }
  return page;
};

describe('seedServerData', () => {
  it('puts each embedded answer under its query key, fresh, so nothing is fetched', () => {
    const client = createPublicQueryClient();
    const services = [{ _id: '1', title: '</script> & <b>' }];
    const json = JSON.stringify([
      [['/services', { status: 'active' }], services],
      [['/settings'], { siteName: 'Atelier' }],
    ]).replace(
      /[<>&]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );

    expect(seedServerData(client, pageWith(json))).toBe(2);

    expect(client.getQueryData(['/services', { status: 'active' }])).toEqual(services);
    expect(client.getQueryData(['/settings'])).toEqual({ siteName: 'Atelier' });
    expect(client.getQueryState(['/services', { status: 'active' }])?.isInvalidated).toBe(false);
    const updated = client.getQueryState(['/settings'])?.dataUpdatedAt ?? 0;
    expect(Date.now() - updated).toBeLessThan(60_000);
  });

  it('ignores a page without answers and anything that is not a list of key and answer pairs', () => {
    const client = createPublicQueryClient();
    expect(seedServerData(client, pageWith(undefined))).toBe(0);
    expect(seedServerData(client, pageWith('not json'))).toBe(0);
    expect(seedServerData(client, pageWith('{"a":1}'))).toBe(0);
    expect(
      seedServerData(client, pageWith('[["/x"], [[1], 2], [["no-slash"], 3], [["/ok"], 4]]')),
    ).toBe(1);
    expect(client.getQueryData(['/ok'])).toBe(4);
    expect(client.getQueryData(['no-slash'])).toBeUndefined();
  });
});
