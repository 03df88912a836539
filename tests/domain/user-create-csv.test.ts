// Create User's CSV, read by the uploads' strict tokenizer: quoted commas, blank rows, and the
// refusals of a binary file and of a quote never closed.
import { describe, expect, it } from 'vitest';
import { readUsersCsv } from '../../src/sections/user-create/user-create.csv';

describe('readUsersCsv', () => {
  it('reads quoted values with commas and skips blank rows', () => {
    const { people, summary } = readUsersCsv(
      '\uFEFFfirst_name,last_name,email\r\n"Ada, Countess",Lovelace,ada@example.com\r\n\r\n , , \r\n',
      'people.csv',
    );
    expect(summary).toEqual({
      source: 'people.csv',
      rows: 1,
      recognised: ['first_name', 'last_name', 'email'],
      ignored: [],
      error: null,
    });
    expect(people).toEqual([
      {
        first_name: 'Ada, Countess',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        username: '',
        password: '',
        phone: '',
      },
    ]);
  });
  it('refuses a binary file and a quote never closed', () => {
    expect(readUsersCsv('\u0089PNG\r\n\u001a\n\u0000\u0000', 'photo.csv').summary).toEqual({
      source: 'photo.csv',
      rows: 0,
      recognised: [],
      ignored: [],
      error: 'This is not a text CSV file.',
    });
    expect(
      readUsersCsv('first_name,last_name,email\n"Ada,Lovelace,ada@example.com\n', 'people.csv').summary.error,
    ).toBe('Row 2: The quote opened in row 2 is never closed.');
  });
});
