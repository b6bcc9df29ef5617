import { afterEach, describe, expect, it, vi } from 'vitest';
import { countRecords, downloadCsv } from './csv';

describe('countRecords', () => {
  it('counts records after the header, a quoted cell over several lines being one', async () => {
    expect(
      await countRecords('Name,Note\r\nAda,plain\r\n"Bob, Jr.","said ""hi""\nthen left"\r\n'),
    ).toBe(2);
  });

  it('counts none in a file with only its header, or nothing at all', async () => {
    expect(await countRecords('\uFEFFName,Note\r\n')).toBe(0);
    expect(await countRecords('')).toBe(0);
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the file under its name with exactly one byte-order mark', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:file';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });

    downloadCsv('list-2026-11-24.csv', '\uFEFFName\r\nAda\r\n');

    expect(names).toEqual(['list-2026-11-24.csv']);
    const bytes = [...new Uint8Array(await (blobs[0] as Blob).arrayBuffer())];
    expect(bytes.slice(0, 4)).toEqual([0xef, 0xbb, 0xbf, 'N'.charCodeAt(0)]);
    expect((blobs[0] as Blob).type).toBe('text/csv;charset=utf-8');
  });
});
