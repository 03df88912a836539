// The spreadsheet writers (server/export/spreadsheet.ts, decision 106): the CSV writer builds its
// lines in place and must write exactly what the panel's one CSV line (src/domain/csv-cell.ts) does;
// the XLSX writer deflates off the event loop and must still hand the zip its pieces in order, so
// the file reads back whole over several batches and sheets, each part under its own CRC-32; a
// stream reads one batch ahead, and reads on when the XLSX writer hands a batch's bytes on later.
import { crc32 } from 'node:zlib';
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

/** Each zip entry's name and the CRC-32 its central directory records. */
function recordedCrcs(zip: Buffer): Map<string, number> {
  const crcs = new Map<string, number>();
  for (let at = zip.indexOf(CENTRAL_ENTRY); at !== -1; at = zip.indexOf(CENTRAL_ENTRY, at + 4)) {
    const nameLength = zip.readUInt16LE(at + 28);
    crcs.set(zip.toString('utf8', at + 46, at + 46 + nameLength), zip.readUInt32LE(at + 16));
  }
  return crcs;
}
const CENTRAL_ENTRY = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

describe('xlsxWriter checksums', () => {
  it('records for every part the CRC-32 of its data, as tools that check it read it', async () => {
    const writer = xlsxWriter(LAYOUT, 3);
    const many = Array.from({ length: 40 }, (_, i) => ROWS[i % ROWS.length]!);
    const out = [...(await writer.rows(many.slice(0, 17))), ...(await writer.rows(many.slice(17)))];
    out.push(...(await writer.finish()));
    const zip = Buffer.concat(out);
    const files = unzipSync(new Uint8Array(zip));
    const crcs = recordedCrcs(zip);
    expect([...crcs.keys()].sort()).toEqual(Object.keys(files).sort());
    for (const [name, data] of Object.entries(files)) expect(crcs.get(name), name).toBe(crc32(data));
  });
});

describe('spreadsheetStream', () => {
  it('reads an XLSX of many batches to its end, every row in it', async () => {
    async function* batches() {
      for (let i = 0; i < 6; i++) yield ROWS;
    }
    const reader = spreadsheetStream(batches(), xlsxWriter(LAYOUT)).getReader();
    const chunks: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    const sheet = strFromU8(unzipSync(new Uint8Array(Buffer.concat(chunks)))['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)).toHaveLength(1 + 6 * ROWS.length);
  });

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
