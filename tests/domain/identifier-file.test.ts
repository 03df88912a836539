// The bulk tag file as the worker reads it (papaparse, then csv-upload's row rules): every kind of
// file a person may pick, 100,000 rows included, and the same verdict as the server's reader.
import { describe, expect, it } from 'vitest';
import { readIdentifierCsv } from '../../src/domain/csv-upload';
import { PROBLEMS_SHOWN, parseIdentifierFile, readIdentifierFile } from '../../src/domain/identifier-file';

const bytes = (text: string) => new TextEncoder().encode(text);
const ok = (text: string) => {
  const read = readIdentifierFile(bytes(text));
  if (!read.ok) throw new Error(read.reason);
  return read;
};

describe('readIdentifierFile', () => {
  it('refuses an empty file, one of blank rows, and one holding only its header', () => {
    expect(readIdentifierFile(bytes(''))).toEqual({
      ok: false,
      reason: 'The file holds no identifiers.',
      problems: [],
    });
    expect(readIdentifierFile(bytes('\r\n , \n\n'))).toEqual({
      ok: false,
      reason: 'The file holds no identifiers.',
      problems: [],
    });
    expect(readIdentifierFile(bytes('email\n'))).toMatchObject({
      ok: false,
      reason: 'The file holds only its header (email) and no identifiers.',
    });
  });

  it('refuses a binary file and one that is not UTF-8', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(readIdentifierFile(png)).toMatchObject({
      ok: false,
      reason: 'This is not a text CSV file. It is not UTF-8 text.',
    });
    const zeros = new Uint8Array([0x41, 0x00, 0x00, 0x01, 0x0a]);
    expect(readIdentifierFile(zeros)).toMatchObject({
      ok: false,
      reason: 'This is not a text CSV file. It holds control bytes (as binary files do).',
    });
    expect(readIdentifierFile(new Uint8Array([0x61, 0xc3, 0x28]))).toMatchObject({
      ok: false,
      reason: 'This is not a text CSV file. It is not UTF-8 text.',
    });
  });

  it('skips a header row naming the column and says so', () => {
    for (const header of ['email', 'Username', 'USER_ID', 'id']) {
      const read = ok(`${header}\r\na@b.example\r\n`);
      expect([read.header, read.values, [...read.rows]]).toEqual([header, ['a@b.example'], [2]]);
    }
    // A first row that is an identifier is read as one.
    expect(ok('someone\nother\n').header).toBeNull();
  });

  it('drops the byte-order mark, and reads CRLF, LF, CR and a mix of them', () => {
    const read = ok('\uFEFFemail\r\na@b.example\nc@d.example\re@f.example\r\n');
    expect([read.header, read.values, [...read.rows]]).toEqual([
      'email',
      ['a@b.example', 'c@d.example', 'e@f.example'],
      [2, 3, 4],
    ]);
  });

  it('reads quoted values (commas, doubled quotes, spaces around the quotes)', () => {
    const read = ok('"o\'neil, jr"\n"say ""hi"""\n  "spaced"  \n');
    expect(read.values).toEqual(["o'neil, jr", 'say "hi"', 'spaced']);
  });

  it('reports rows of several values by number, never dropping them silently', () => {
    const read = ok('a@b.example\nx,y\nc@d.example,\n"p,q",r\n');
    expect(read.values).toEqual(['a@b.example', 'c@d.example']);
    expect(read.problems).toEqual([
      { row: 2, value: 'x,y', reason: '2 values in one row; put one email, username or user id per row.' },
      { row: 4, value: 'p,q,r', reason: '2 values in one row; put one email, username or user id per row.' },
    ]);
    const why = '"2 values in one row; put one email, username or user id per row."';
    expect(read.problemsCsv).toBe(`row,value,reason\r\n2,"x,y",${why}\r\n4,"p,q,r",${why}\r\n`);
  });

  it('reports a repeat as a duplicate of its first row, whatever its case', () => {
    const read = ok('user_id\n42\nA@B.example\n42\na@b.example\n');
    expect(read.values).toEqual(['42', 'A@B.example']);
    expect(read.problems.map((p) => [p.row, p.reason])).toEqual([
      [4, 'Repeats row 2; counted once.'],
      [5, 'Repeats row 3; counted once.'],
    ]);
  });

  it('refuses a quote never closed, naming its row', () => {
    expect(readIdentifierFile(bytes('a\nb\n"c\nd\n'))).toMatchObject({
      ok: false,
      reason: 'Row 3: The quote opened in row 3 is never closed.',
    });
  });

  it('numbers rows by the line they start on when a quoted value spans lines', () => {
    const read = ok('"two\nlines"\nnext\n');
    expect([...read.rows]).toEqual([1, 3]);
  });

  it('reads 100,000 rows, and refuses one more', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `person${i}@example.com`);
    const read = ok(`email\r\n${lines.join('\r\n')}\r\n`);
    expect(read.values).toHaveLength(100_000);
    expect(read.rows[99_999]).toBe(100_001);
    expect(readIdentifierFile(bytes(`${lines.join('\n')}\nextra@example.com\n`))).toMatchObject({
      ok: false,
      reason: 'The file holds 100,001 rows; send at most 100,000.',
    });
  });

  it(`lists the first ${PROBLEMS_SHOWN} rows not taken and keeps every one in the report`, () => {
    const read = ok(`a\n${'a\n'.repeat(250)}`);
    expect(read.problemCount).toBe(250);
    expect(read.problems).toHaveLength(PROBLEMS_SHOWN);
    expect(read.problemsCsv.trim().split('\r\n')).toHaveLength(251);
  });
});

describe('one rule set with the server', () => {
  const files = [
    'email\r\nA@B.example\r\nb\r\nA@b.example\r\nx,y\r\n',
    '\uFEFFuser_id\n1\n2\n\n3,\n"4"\n',
    '"a,b"\n c \n"d""e"\n',
    `${'z'.repeat(255)}\nshort\n`,
    'a\n"b\nc',
    'only\n',
    ',,\n\n',
  ];
  it.each(files.map((f) => [JSON.stringify(f).slice(0, 40), f]))('papaparse and csvRows agree on %s', (_name, file) => {
    expect(parseIdentifierFile(bytes(file))).toEqual(readIdentifierCsv(bytes(file)));
  });
});
