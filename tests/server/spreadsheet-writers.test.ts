// The spreadsheet writers (server/export/spreadsheet.ts, decision 106): the CSV writer builds its
// lines in place and must write exactly what the panel's one CSV line (src/domain/csv-cell.ts) does;
// the XLSX writer deflates off the event loop and must still hand the zip its pieces in order, so
// the file reads back whole over several batches and sheets; a stream reads one batch ahead.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/domain/csv-cell';
import {
  csvWriter,
  isoTime,
  moment,
  spreadsheetStream,
  xlsxWriter,
  type Cell,
  type SheetLayout,
} from '../../server/export/spreadsheet';

type Row = readonly Cell[];
const LAYOUT: SheetLayout<Row> = { header: ['a', 'b', 'c', 'd', 'e'], cells: (row) => row, sheetName: 'Rows' };
const ROWS: Row[] = [
  ['plain', 1, true, null, moment(Date.UTC(2026, 10, 30, 15, 4, 5, 678))],
  ['Ann, "the"', -2.5, false, 'Line\nBreak', moment(Date.UTC(1999, 0, 1))],
  ['=HYPERLINK("x")', 0, true, '＝1+1', moment(-1)],
  ['x;=1+1', 3, false, '\tlead', moment(8.64e15)],
  ['', Number.MAX_SAFE_INTEGER, true, ' spaced ', moment(0)],
];
const asCsv = (cell: Cell) => (cell !== null && typeof cell === 'object' ? isoTime(cell.at) : cell);
const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');

describe('csvWriter', () => {
  it('writes the same bytes as one csvLine per row, the header first after a byte-order mark', async () => {
    const writer = csvWriter(LAYOUT);
    const out = [
      ...(await writer.rows(ROWS.slice(0, 2))),
      ...(await writer.rows(ROWS.slice(2))),
      ...(await writer.finish()),
    ];
    const expected = `\uFEFF${csvLine(LAYOUT.header)}${ROWS.map((r) => csvLine(r.map(asCsv))).join('')}`;
    expect(text(out)).toBe(expected);
  });

  it('writes times as ISO 8601 without milliseconds, whatever the year', () => {
    expect(isoTime(Date.UTC(2026, 10, 30, 15, 4, 5, 678))).toBe('2026-11-30T15:04:05Z');
    expect(isoTime(8.64e15)).toBe('+275760-09-13T00:00:00Z');
    expect(isoTime(-62198755200000)).toBe('-000001-01-01T00:00:00Z');
  });
});

describe('xlsxWriter', () => {
  it('reads back whole when rows come in several batches over several sheets', async () => {
    const writer = xlsxWriter(LAYOUT, 2);
    const out: Uint8Array[] = [];
    for (const batch of [ROWS.slice(0, 1), ROWS.slice(1, 4), ROWS.slice(4)]) out.push(...(await writer.rows(batch)));
    out.push(...(await writer.finish()));
    const files = unzipSync(new Uint8Array(Buffer.concat(out)));
    const sheets = Object.keys(files)
      .filter((n) => n.startsWith('xl/worksheets/'))
      .sort();
    expect(sheets).toEqual(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet3.xml']);
    const rows = sheets.map((n) => strFromU8(files[n]!).match(/<row /g)!.length);
    expect(rows).toEqual([3, 3, 2]);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Rows 3"');
  });
});

describe('spreadsheetStream', () => {
  it('reads one batch ahead of the bytes it holds, and no further', async () => {
    const asked: number[] = [];
    async function* batches() {
      for (let i = 0; i < 4; i++) {
        asked.push(i);
        yield [ROWS[i]!];
      }
    }
    const reader = spreadsheetStream(batches(), csvWriter(LAYOUT)).getReader();
    await reader.read();
    // The first batch read by the consumer, the second written and queued (one chunk of high water
    // mark), the third read ahead; the fourth waits for another read.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([0, 1, 2]);
    let out = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) out += Buffer.from(r.value).toString('utf8');
    expect(asked).toEqual([0, 1, 2, 3]);
    expect(out.split('\r\n')).toHaveLength(4);
  });
});
