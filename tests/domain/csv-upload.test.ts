// The strict CSV reader shared by uploads: what counts as a text CSV, how rows split, and the
// report a person downloads.
import { describe, expect, it } from 'vitest';
import { csvFileProblem, csvRows, decodeCsvText, problemsCsv, readIdentifierCsv } from '../../src/domain/csv-upload';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvFileProblem', () => {
  it('takes .csv and .txt files of a text type, not empty, not too large', () => {
    expect(csvFileProblem({ name: 'People.CSV', type: 'text/csv', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'ids.txt', type: 'text/plain;charset=utf-8', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'ids.csv', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'ids.csv', type: '', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'ids.xlsx', type: 'text/csv', size: 10 })).toMatch(/^This is not a text CSV file\./);
    expect(csvFileProblem({ name: 'ids.csv', type: 'image/png', size: 10 })).toMatch(/^This is not a text CSV file\./);
    expect(csvFileProblem({ name: 'ids.csv', type: 'text/csv', size: 0 })).toBe('The file is empty.');
    expect(csvFileProblem({ name: 'ids.csv', type: 'text/csv', size: 1_000_001 })).toBe(
      'The file holds 1,000,001 bytes; send at most 1,000,000.',
    );
  });
});

describe('decodeCsvText', () => {
  it('drops the byte-order mark and refuses invalid UTF-8 and control bytes', () => {
    expect(decodeCsvText(bytes('\uFEFFa@b.example\r\n'))).toEqual({ ok: true, text: 'a@b.example\r\n' });
    expect(decodeCsvText(new Uint8Array([0x61, 0xc3, 0x28]))).toEqual({
      ok: false,
      reason: 'This is not a text CSV file. It is not UTF-8 text.',
    });
    expect(decodeCsvText(bytes('a\u0000b'))).toMatchObject({ ok: false });
    expect(decodeCsvText(bytes('a\u001bb'))).toMatchObject({ ok: false });
    expect(decodeCsvText(bytes('a\tb\n'))).toMatchObject({ ok: true });
  });
});

describe('csvRows', () => {
  it('splits RFC 4180 rows by CRLF, LF or CR, with quoted commas, quotes and line breaks', () => {
    expect(csvRows('a,b\r\n"c,d","e""f"\n"g\nh"\ri')).toEqual({
      rows: [
        { row: 1, cells: ['a', 'b'] },
        { row: 2, cells: ['c,d', 'e"f'] },
        { row: 3, cells: ['g\nh'] },
        { row: 5, cells: ['i'] },
      ],
      error: null,
      more: false,
    });
  });
  it('names the row of a quote never closed, or of text after a closing quote', () => {
    expect(csvRows('a\n"b\nc').error).toEqual({
      row: 2,
      value: 'b\nc',
      reason: 'The quote opened in row 2 is never closed.',
    });
    expect(csvRows('a\n"b"c\n').error?.row).toBe(2);
  });
});

describe('readIdentifierCsv', () => {
  it('keeps a quoted value with a comma as one identifier, and reports rows of several values', () => {
    const read = readIdentifierCsv(bytes('"o\'neil, jr"\nx,y\n'));
    expect(read).toEqual({
      ok: true,
      header: null,
      identifiers: [{ row: 1, value: "o'neil, jr" }],
      problems: [{ row: 2, value: 'x,y', reason: '2 values in one row; put one email, username or user id per row.' }],
    });
  });
  it('reports an identifier longer than an email may be', () => {
    const read = readIdentifierCsv(bytes(`${'a'.repeat(255)}\nb\n`));
    expect(read.ok && read.problems.map((p) => [p.row, p.reason])).toEqual([[1, 'Longer than 254 characters.']]);
  });
  it('refuses more rows than the limit', () => {
    expect(readIdentifierCsv(bytes('1\n2\n3\n'), { maxRows: 2 })).toEqual({
      ok: false,
      reason: 'The file holds 3 rows; send at most 2.',
      problems: [],
    });
  });
  // Issue 25: the largest files allowed took seconds to refuse. A quote never closed past the
  // limit would be the refusal if the rest were split; it is not.
  it('refuses by the count from a header and one row over the limit, never splitting the rows after them', () => {
    const refused = { ok: false, reason: 'The file holds more than 2 rows; send at most 2.', problems: [] };
    // Four rows: the first might have been a header, so a fourth is needed to be over the limit.
    expect(readIdentifierCsv(bytes('1\n2\n3\n4\n"never closed\n5\n'), { maxRows: 2 })).toEqual(refused);
    expect(readIdentifierCsv(bytes('email\n\n1\n , \n2\n3\n"never closed\n'), { maxRows: 2 })).toEqual(refused);
    // Within the limit the rows are all read, the broken quote found.
    expect(readIdentifierCsv(bytes('email\n1\n"never closed\n'), { maxRows: 2 })).toMatchObject({
      ok: false,
      reason: 'Row 3: The quote opened in row 3 is never closed.',
    });
  });
  it('splits no further than asked: rows holding a value are counted, blank ones are not', () => {
    const text = `a\n\n , \nb\nc\n${'d\n'.repeat(10_000)}`;
    const read = csvRows(text, { stopAfter: 3 });
    expect(read).toMatchObject({ error: null, more: true });
    expect(read.rows.map((r) => r.cells.join(','))).toEqual(['a', '', ' , ', 'b', 'c']);
    expect(csvRows('a\nb\n', { stopAfter: 2 })).toMatchObject({ more: false });
  });
});

describe('problemsCsv', () => {
  it('quotes cells with commas and defuses formulas', () => {
    expect(problemsCsv([{ row: 2, value: '=cmd()', reason: 'No live user, really.' }])).toBe(
      'row,value,reason\r\n2,\'=cmd(),"No live user, really."\r\n',
    );
  });
});
