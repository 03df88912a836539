// One change in one transaction that may be refused: the work answers `{ ok: false, … }` and
// everything it wrote is rolled back, the refusal answered as it is. An error the work did not
// expect goes to `onError`, which may answer it (a unique index refusing a race the checks inside
// could not see) or leave it thrown.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

class RollBack<R> extends Error {
  constructor(readonly result: R) {
    super('rolled back');
  }
}

export async function refusableTransaction<R extends { ok: boolean }>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<R>,
  onError?: (err: unknown) => R | undefined | Promise<R | undefined>,
): Promise<R> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await work(trx);
      if (!result.ok) throw new RollBack(result);
      return result;
    });
  } catch (err) {
    if (err instanceof RollBack) return err.result as R;
    const answer = await onError?.(err);
    if (answer !== undefined) return answer;
    throw err;
  }
}
