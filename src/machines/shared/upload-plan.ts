// What an upload's walk hands its machine: the file too large to read, an identifier file that
// reads with one row not taken, and the reader's three answers.

/** Refused here, before it is read: larger than any upload takes. */
export const HUGE_FILE = { name: 'huge.csv', type: 'text/csv', size: 9_000_000 };

const TWO_VALUES = '2 values in one row; put one email, username or user id per row.';

/** An identifier file that reads: row 1 is the header, then the values, then a row of two values. */
export function identifierRead(values: string[]) {
  const bad = values.length + 2;
  return {
    ok: true as const,
    values,
    rows: new Uint32Array(values.map((_, i) => i + 2)),
    header: 'email',
    problemCount: 1,
    problems: [{ row: bad, value: 'a,b', reason: TWO_VALUES }],
    problemsCsv: `row,value,reason\r\n${bad},"a,b","${TWO_VALUES}"\r\n`,
  };
}

/** The reader `actor` answers: the file `read`, the file refused whole (`refused`, its reason), or it stopped. */
export const readOutcomes = (
  actor: string,
  read: object,
  refused = { name: 'notText', reason: 'This is not a text CSV file. It is not UTF-8 text.' },
) => [
  { name: 'read', event: { type: `xstate.done.actor.${actor}`, output: read } },
  {
    name: refused.name,
    event: { type: `xstate.done.actor.${actor}`, output: { ok: false, reason: refused.reason, problems: [] } },
  },
  {
    name: 'readerStopped',
    event: { type: `xstate.error.actor.${actor}`, error: new Error('the file reader stopped: out of memory') },
  },
];
