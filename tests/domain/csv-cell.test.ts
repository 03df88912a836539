// CSV injection (issue 25): every CSV the panel writes, on the server and in the browser, writes a
// cell the same way, and none leaves a cell a spreadsheet would run as a formula: one starting with
// = + - @ (or their fullwidth forms), a tab or a CR, or one where such a character follows a
// separator a spreadsheet may split on (OWASP: a leading apostrophe, and the whole cell quoted).
import { describe, expect, it } from 'vitest';
import { csvField } from '../../server/export/spreadsheet';
import { problemsCsv } from '../../src/domain/csv-upload';
import { reportCsv as otherSourcesReportCsv } from '../../src/domain/broker-research-other-sources';
import { chartCsv } from '../../src/domain/reports';
import { reportCsv as bulkEditReportCsv } from '../../src/sections/user-list/bulk-edit.report';
import { identifiersCsv } from '../../src/sections/segments-n-tags/bulk-tag-upload.machine';

/** Text as read → the cell written. */
const CELLS: readonly (readonly [string, string])[] = [
  ['plain', 'plain'],
  ['e-mail me@home', 'e-mail me@home'],
  ['a,b', '"a,b"'],
  ['say "hi"', '"say ""hi"""'],
  ['=1+1', "'=1+1"],
  ['-5', "'-5"],
  ['@SUM(A1)', "'@SUM(A1)"],
  [' =1+1', "' =1+1"],
  ['\t=1+1', `"'\t=1+1"`],
  ['\rx', `"'\rx"`],
  // Fullwidth forms, which some spreadsheets take for the ASCII ones.
  ['＝1+1', "'＝1+1"],
  ['＋1', "'＋1"],
  ['－1', "'－1"],
  ['＠SUM(A1)', "'＠SUM(A1)"],
  // A formula after a separator starts a cell of its own once the line is split there.
  ['x;=1+1', `"'x;=1+1"`],
  ['x,=1+1', `"'x,=1+1"`],
  ['x\t=1+1', `"'x\t=1+1"`],
  ['x; ＝1+1', `"'x; ＝1+1"`],
  ['x\n@cmd', `"'x\n@cmd"`],
  // A separator alone is quoted, so a reader splitting on it keeps the cell whole.
  ['a;b', '"a;b"'],
];

/** Each writer of CSV, reduced to the cell it writes for one text. */
const WRITERS: Record<string, (text: string) => string> = {
  'server exports (csvField)': (text) => csvField(text),
  'upload problems report (problemsCsv)': (text) =>
    problemsCsv([{ row: 2, value: text, reason: 'r' }]).slice('row,value,reason\r\n2,'.length, -',r\r\n'.length),
  'other sources report': (text) =>
    otherSourcesReportCsv([{ row: 2, value: text, outcome: 'refused', reason: 'r' }]).slice(
      'row,value,reason\r\n2,'.length,
      -',Refused: r\r\n'.length,
    ),
  'chart table (chartCsv)': (text) =>
    chartCsv({ id: 'c', title: 'C', axis: 'category', label: text, series: ['n'], rows: [] }).slice(
      0,
      -',n\r\n'.length,
    ),
  'bulk edit report': (text) =>
    bulkEditReportCsv({ results: [], unmatched: [text] } as never, []).slice(
      'user_id,username,result,changed\r\n,'.length,
      -',unmatched,\r\n'.length,
    ),
  'bulk tag identifiers': (text) => identifiersCsv([text]).slice('identifier\r\n'.length, -'\r\n'.length),
};

describe.each(Object.entries(WRITERS))('%s', (_, cellOf) => {
  it.each(CELLS)('writes %j as %j', (text, cell) => {
    expect(cellOf(text)).toBe(cell);
  });
});

describe('numbers and empty cells', () => {
  it('writes numbers and booleans as they are and null as nothing', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(12)).toBe('12');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
  });
});
