// A write refused because a unique index already holds the value: another change took the name,
// code or key first. Both engines say so by code (PostgreSQL 23505; better-sqlite3's
// SQLITE_CONSTRAINT_UNIQUE, or _PRIMARYKEY for a key); the message is the fallback for an error
// that crossed a thread without its code.
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null | undefined;
  const code = e?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed|duplicate key value violates unique constraint/.test(String(e?.message ?? ''))
  );
}
