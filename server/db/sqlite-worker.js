// @ts-check
// One SQLite connection in its own thread (server/db/sqlite-driver.ts starts these). Plain
// JavaScript so Node can start it under any loader (tsx, vitest, a bundle). The writer opens the
// file in WAL mode and runs every write and transaction; a reader runs plain reads and refuses,
// with `redirect`, any statement that would write, so the driver sends it to the writer instead.
// The file is named by the first message (`open`); `park` closes it and keeps the thread for the
// next `open`, so that throwaway databases (a test's) do not each pay for starting threads.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @type {import('better-sqlite3').Database} */
let db;
/** @type {'writer' | 'reader'} */
let role = 'reader';
/** Prepared statements by SQL text: the server runs a few hundred distinct ones at most. */
const cache = new Map();

// The server's own thread only ever does short work, and every request waits on it: when the CPUs
// are busy, it goes first. On Linux a thread's nice value is its own (set through its thread id);
// elsewhere the threads keep the process's priority.
/** @param {number} nice */
function lowerPriority(nice) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0 && nice > 0) setPriority(tid, nice);
  } catch {
    // No /proc, or not allowed: same priority as the event loop.
  }
}

/** @param {{ file: string; role: 'writer' | 'reader'; nice: number }} msg */
function open(msg) {
  role = msg.role;
  lowerPriority(msg.nice);
  db = new Database(msg.file);
  if (role === 'writer') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  if (role === 'reader') db.pragma('query_only = ON');
}
const CACHE_MAX = 500;

/** @param {string} sql */
function prepare(sql) {
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value);
    cache.set(sql, stmt);
  }
  return stmt;
}

/** Buffers arrive as plain Uint8Arrays after crossing threads; better-sqlite3 wants Buffers. */
/** @param {unknown[]} params */
function bindable(params) {
  return params.map((p) =>
    p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p,
  );
}

// Rows cross to the server's thread as arrays of values beside one list of column names, made
// into objects there (sqlite-thread.ts): better-sqlite3 builds an array row several times faster
// than an object, and a message copies an array faster than an object with the same values.
/** @type {WeakMap<import('better-sqlite3').Statement, string[]>} */
const columnNames = new WeakMap();

/** A statement that returns rows, set to answer arrays, and its column names. */
/** @param {import('better-sqlite3').Statement} stmt */
function rawReader(stmt) {
  let columns = columnNames.get(stmt);
  if (!columns) {
    columns = stmt.columns().map((c) => c.name);
    stmt.raw(true);
    columnNames.set(stmt, columns);
  }
  return columns;
}

/** @param {{ sql: string; params: unknown[] }} msg */
function query(msg) {
  const stmt = prepare(msg.sql);
  if (role === 'reader' && !stmt.readonly) return { redirect: true };
  const params = bindable(msg.params);
  if (stmt.reader) {
    const columns = rawReader(stmt);
    return { rows: [], columns, values: stmt.all(params) };
  }
  const { changes, lastInsertRowid } = stmt.run(params);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/** @param {any} msg */
function handle(msg) {
  switch (msg.op) {
    case 'query':
      return query(msg);
    case 'stream': {
      const stmt = prepare(msg.sql);
      if (role === 'reader' && !stmt.readonly) return { redirect: true };
      const columns = rawReader(stmt);
      let chunk = [];
      for (const row of stmt.iterate(bindable(msg.params))) {
        chunk.push(row);
        if (chunk.length >= msg.chunkSize) {
          port.postMessage({ id: msg.id, columns, chunk });
          chunk = [];
        }
      }
      return { rows: [], columns, values: chunk };
    }
    case 'exec':
      db.exec(msg.sql);
      return { rows: [] };
    // A rollback after SQLite has already ended the transaction (some errors do) is no error.
    case 'rollback':
      if (db.inTransaction) db.exec('rollback');
      return { rows: [] };
    default:
      throw new Error(`Unknown operation ${msg.op}`);
  }
}

port.on('message', (msg) => {
  // A file that cannot be opened throws here: the thread ends with that error.
  if (msg.op === 'open') {
    open(msg);
    port.postMessage({ ready: true });
    return;
  }
  if (msg.op === 'close' || msg.op === 'park') {
    cache.clear();
    db?.close();
    if (msg.op === 'park') port.postMessage({ parked: true });
    else port.close();
    return;
  }
  try {
    port.postMessage({ id: msg.id, ok: true, result: handle(msg) });
  } catch (err) {
    const e = /** @type {{ name?: string; message?: string; code?: string; stack?: string }} */ (err);
    port.postMessage({
      id: msg.id,
      ok: false,
      error: { name: e.name, message: e.message ?? String(err), code: e.code, stack: e.stack },
    });
  }
});
