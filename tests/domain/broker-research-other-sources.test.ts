// The file reader of Fulfillments from Other Sources (decision 060): the header in any order and
// case, quoted values, any line ends, a byte-order mark, blank rows skipped, every row not taken
// by its line, its text and why; and the server's sliced read gives exactly the browser's.
import { describe, expect, it } from 'vitest';
import { readUploadedFile, rowBreaks } from '../../server/broker-research/other-sources';
import {
  OTHER_SOURCE_REASONS as R,
  dayStart,
  readOtherSourceFile,
} from '../../src/domain/broker-research-other-sources';
import { papaRows } from '../../src/domain/identifier-file';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readOtherSourceFile', () => {
  it('reads the columns in any order and case, quoted values, CRLF, CR and a BOM, skipping blank rows', () => {
    const read = readOtherSourceFile(
      bytes('\uFEFFStarts,USER,Broker\r\n2026-12-01,a@b.example,"Apex, Inc."\r\r\n2026-12-02, b , 7 \r'),
    );
    expect(read).toEqual({
      ok: true,
      header: ['starts', 'user', 'broker'],
      problems: [],
      rows: [
        {
          row: 2,
          value: '2026-12-01,a@b.example,Apex, Inc.',
          user: 'a@b.example',
          broker: 'Apex, Inc.',
          starts: '2026-12-01',
          ends: null,
        },
        { row: 4, value: '2026-12-02,b,7', user: 'b', broker: '7', starts: '2026-12-02', ends: null },
      ],
    });
  });

  it('reports each row not taken by its line, its text and why', () => {
    const read = readOtherSourceFile(
      bytes(
        [
          'user,broker,starts,ends',
          'a,1,2026-12-01,',
          'a,1',
          ',1,2026-12-01,',
          'a,,2026-12-01,',
          'a,1,2026-02-29,',
          'a,1,12/01/2026,',
          'a,1,2026-12-01,soon',
          'a,1,2026-12-01,2026-12-01',
          'a,1,2026-12-01,,,',
          'a,1,2028-02-29,2029-01-01',
        ].join('\n'),
      ),
    );
    if (!read.ok) throw new Error(read.reason);
    expect(read.rows.map((r) => r.row)).toEqual([2, 10, 11]);
    expect(read.problems).toEqual([
      { row: 3, value: 'a,1', reason: R.cells(2, 4) },
      { row: 4, value: ',1,2026-12-01,', reason: R.noUser },
      { row: 5, value: 'a,,2026-12-01,', reason: R.noBroker },
      { row: 6, value: 'a,1,2026-02-29,', reason: R.starts('2026-02-29') },
      { row: 7, value: 'a,1,12/01/2026,', reason: R.starts('12/01/2026') },
      { row: 8, value: 'a,1,2026-12-01,soon', reason: R.ends('soon') },
      { row: 9, value: 'a,1,2026-12-01,2026-12-01', reason: R.endsBeforeStarts },
    ]);
    expect(dayStart('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
  });

  it('refuses a file whole: not UTF-8, no header, a column it does not know, only a header, a quote never closed', () => {
    expect(readOtherSourceFile(new Uint8Array([0xff, 0xfe, 0x41]))).toMatchObject({
      ok: false,
      reason: 'This is not a text CSV file. It is not UTF-8 text.',
    });
    expect(readOtherSourceFile(bytes('a@b.example,1,2026-12-01\n'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^The header names columns this upload does not know: “a@b\.example”, “1”, “2026-12-01”\./,
      ),
    });
    expect(readOtherSourceFile(bytes('user,broker,start\n'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^The header names a column this upload does not know: “start”\./),
    });
    expect(readOtherSourceFile(bytes('user,broker,starts\n\n'))).toMatchObject({
      ok: false,
      reason: 'The file holds only its header and no rows.',
    });
    expect(readOtherSourceFile(bytes('user,broker,starts\na,"1,2026-12-01\n'))).toMatchObject({
      ok: false,
      reason: 'Row 2: The quote opened in row 2 is never closed.',
    });
    expect(readOtherSourceFile(bytes('user,broker,starts\na,1,2026-12-01\na,1,2026-12-01\n'), 1)).toMatchObject({
      ok: false,
      reason: 'The file holds 2 rows; send at most 1.',
    });
  });

  it('reads on the server, in slices, exactly as in the browser', async () => {
    const lines = ['user,broker,starts,ends'];
    for (let i = 0; i < 12_345; i++)
      lines.push(
        i % 97 === 0
          ? `u${i},"Broker ""${i}"", Ltd",2026-13-01,`
          : `u${i},"Broker, ${i % 40}",2026-12-01,${i % 3 ? '' : '2027-01-01'}`,
      );
    const file = bytes(`${lines.join('\r\n')}\r\n`);
    const browser = readOtherSourceFile(file);
    expect(await readUploadedFile(file)).toEqual(browser);
    expect(await readUploadedFile(file, 1_000)).toEqual(browser);
    expect(browser.ok && browser.problems.length).toBe(128);
  });

  it('slices only where a row ends: not inside a quoted value that holds line ends, whatever stray quotes came before', async () => {
    const rows = ['user,broker,starts,ends'];
    for (let i = 0; i < 300; i++) {
      rows.push(
        i % 7 === 0
          ? `a"${i},"Broker\r\nwith lines ""${i}""\nand more",2026-12-01,`
          : `u${i},  "Spaced, ${i}",2026-12-0${1 + (i % 9)},`,
      );
    }
    const file = bytes(`${rows.join('\r\n')}\r\n`);
    const browser = readOtherSourceFile(file);
    expect(browser.ok && browser.rows.length + browser.problems.length).toBe(300);
    expect(browser.ok && browser.rows.filter((r) => r.broker.includes('\n')).length).toBe(43);
    for (const size of [1, 17, 64, 333, 5_000]) expect(await readUploadedFile(file, size)).toEqual(browser);
    // Each slice stands alone: no quote left open at a break (else the read would start again whole).
    const text = new TextDecoder().decode(file).replace(/\r\n?/g, '\n');
    const breaks = rowBreaks(text, 1);
    // Every row's end (the header's and 300 rows'), none of the 86 line ends inside quoted values.
    expect(text.split('\n').length - 1).toBe(301 + 86);
    expect(breaks).toHaveLength(301);
    breaks.forEach((at, i) => expect(papaRows(text.slice(breaks[i - 1] ?? 0, at)).error).toBeNull());
    const broken = bytes('user,broker,starts\na,1,2026-12-01\nb,"2,2026-12-01\nc,3,2026-12-01\n');
    expect(await readUploadedFile(broken, 1)).toEqual(readOtherSourceFile(broken));
  });
});
