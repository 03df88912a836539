// Step two's bulk rows from CSV (read by the uploads' strict reader, src/domain/csv-upload.ts): a
// header row naming the columns first_name, last_name, email, and optionally username, password,
// phone, in any order; one person per further row. Says which columns it recognised and which it
// ignored, and refuses text with control characters or a quote never closed.
import { csvRows, NOT_TEXT } from '../../domain/csv-upload';
import { MAX_USERS_PER_CREATE } from '../../domain/user-rules';
import type { CsvSummary, Person } from './user-create.types';

export const CSV_COLUMNS = ['first_name', 'last_name', 'email', 'username', 'password', 'phone'] as const;
export const REQUIRED_CSV_COLUMNS = ['first_name', 'last_name', 'email'] as const;

const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export function readUsersCsv(text: string, source: string): { people: Person[]; summary: CsvSummary } {
  // Control characters other than tab and line ends: a binary file, not a CSV.
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text))
    return { people: [], summary: { source, rows: 0, recognised: [], ignored: [], error: NOT_TEXT } };
  const { rows, error } = csvRows(text.replace(/^\uFEFF/, ''));
  const [header = [], ...lines] = rows.map((r) => r.cells).filter((cells) => cells.some((c) => c.trim() !== ''));
  const names = header.map(columnName);
  const recognised = CSV_COLUMNS.filter((c) => names.includes(c));
  const ignored = header
    .filter((_, i) => !(CSV_COLUMNS as readonly string[]).includes(names[i]!))
    .map((h) => h.trim())
    .filter(Boolean);
  const summary = (error: string | null, rows = 0): CsvSummary => ({
    source,
    rows,
    recognised: [...recognised],
    ignored,
    error,
  });
  if (error) return { people: [], summary: summary(`Row ${error.row}: ${error.reason}`) };
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) {
    return {
      people: [],
      summary: summary(
        `The first row must name the columns first_name, last_name and email (username, password and phone are optional); missing: ${missing.join(', ')}.`,
      ),
    };
  }
  if (lines.length > MAX_USERS_PER_CREATE) {
    return {
      people: [],
      summary: summary(
        `The file has ${lines.length} rows; at most ${MAX_USERS_PER_CREATE} users can be created at once.`,
      ),
    };
  }
  const at = Object.fromEntries(CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof CSV_COLUMNS)[number],
    number
  >;
  const cell = (line: string[], column: (typeof CSV_COLUMNS)[number]) =>
    at[column] >= 0 ? (line[at[column]] ?? '').trim() : '';
  const people = lines.map((line) => ({
    first_name: cell(line, 'first_name'),
    last_name: cell(line, 'last_name'),
    email: cell(line, 'email'),
    username: cell(line, 'username'),
    password: at.password >= 0 ? (line[at.password] ?? '') : '',
    phone: cell(line, 'phone'),
  }));
  if (people.length === 0) return { people, summary: summary('The file names the columns but holds no rows.') };
  return { people, summary: summary(null, people.length) };
}
