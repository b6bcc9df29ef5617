import { describe, expect, it } from 'vitest';
import { fetchAllPages, toCsv } from './csv';

interface Row {
  name: string;
  note: string;
  count: number;
}
const COLUMNS = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Note', value: (row: Row) => row.note },
  { header: 'Count', value: (row: Row) => row.count },
];

describe('toCsv', () => {
  it('writes a header and one CRLF line per row, quoting what needs it', async () => {
    const csv = await toCsv(
      [
        { name: 'Ada', note: 'plain', count: 1 },
        { name: 'Bob, Jr.', note: 'said "hi"\nthen left', count: 2 },
      ],
      COLUMNS,
    );
    expect(csv).toBe('Name,Note,Count\r\nAda,plain,1\r\n"Bob, Jr.","said ""hi""\nthen left",2');
  });

  it('neutralises every cell a spreadsheet would run as a formula, over several lines too', async () => {
    const cells = ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR', '=1\n=2'];
    const csv = await toCsv(
      cells.map((note) => ({ name: 'x', note, count: 0 })),
      COLUMNS,
    );
    const lines = csv.split('\r\n').slice(1);
    expect(lines).toEqual([
      'x,"\'=HYPERLINK(""http://x"")",0',
      'x,"\'+1",0',
      'x,"\'-2+3",0',
      'x,"\'@SUM(A1)",0',
      'x,"\'\tTab",0',
      'x,"\'\rCR",0',
      'x,"\'=1\n=2",0',
    ]);
    expect(await toCsv([{ name: 'a-b', note: 'x=1', count: -1 }], COLUMNS)).toBe(
      'Name,Note,Count\r\na-b,x=1,"\'-1"',
    );
  });
});

describe('fetchAllPages', () => {
  it('asks page after page until the last one', async () => {
    const asked: number[] = [];
    const rows = await fetchAllPages(async (page, limit) => {
      asked.push(page);
      expect(limit).toBe(1000);
      return { rows: [page * 10, page * 10 + 1], totalPages: 3 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(rows).toEqual([10, 11, 20, 21, 30, 31]);
  });

  it('stops at an empty page whatever the total says', async () => {
    const rows = await fetchAllPages(async () => ({ rows: [], totalPages: 5 }));
    expect(rows).toEqual([]);
  });
});
