// One SQLite connection living in a worker thread (sqlite-worker.js): numbered calls, their
// replies, errors rebuilt with the fields the server reads (`code`, the message), and every call
// still waiting refused when the thread dies.
import { Worker } from 'node:worker_threads';

export interface ThreadResult {
  rows: Record<string, unknown>[];
  /** A statement returning rows sends them as `values` (arrays) with their `columns`; see `withRows`. */
  columns?: string[];
  values?: unknown[][];
  numAffectedRows?: bigint;
  insertId?: bigint;
  /** A reader was asked to run a statement that writes: run it on the writer. */
  redirect?: boolean;
}

/** A failed statement, as better-sqlite3 threw it in the thread (name SqliteError, code SQLITE_…). */
export class SqliteThreadError extends Error {
  readonly code: string | undefined;
  constructor(e: { name?: string; message: string; code?: string; stack?: string }) {
    super(e.message);
    this.name = e.name ?? 'SqliteError';
    this.code = e.code;
    if (e.stack) this.stack = e.stack;
  }
}

/** The thread ended (crash, or the database was closed) while calls were under way. */
export class SqliteThreadStopped extends Error {
  readonly code = 'SQLITE_THREAD_STOPPED';
  constructor(why: string) {
    super(`The database thread stopped: ${why}`);
    this.name = 'SqliteThreadStopped';
  }
}

interface Pending {
  resolve(r: ThreadResult): void;
  reject(e: Error): void;
  onChunk?: (rows: Record<string, unknown>[]) => void;
}

export type Role = 'writer' | 'reader';

/**
 * Rows as objects from the arrays the thread sent (sqlite-worker.js): each value under its column's
 * name, in order, so that a name read twice keeps the later value as better-sqlite3's objects do.
 */
export function rowObjects(columns: readonly string[], values: readonly unknown[][]): Record<string, unknown>[] {
  const rows = new Array<Record<string, unknown>>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const row: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) row[columns[c]!] = value[c];
    rows[i] = row;
  }
  return rows;
}

function withRows(result: ThreadResult): ThreadResult {
  if (!result.values) return result;
  const { columns, values, ...rest } = result;
  return { ...rest, rows: rowObjects(columns!, values) };
}

// Resolved from this module's own file URL; written so that no bundler (Vite included, when the
// panel's tests run the server beside the test page) takes it for a browser asset.
const moduleUrl = import.meta.url;
const WORKER_URL = new URL('./sqlite-worker.js', moduleUrl);

/**
 * Threads whose database was closed, kept for the next throwaway database: a test opens one per
 * server, and starting its two threads cost more than the rest of most tests' set-up.
 */
const parked: { worker: Worker; forget: () => void }[] = [];
const PARKED_MAX = 4;

/** How many threads wait parked (tests of their reuse). */
export const parkedThreads = (): number => parked.length;

function parkedWorker(): Worker | undefined {
  const entry = parked.pop();
  entry?.worker.off('exit', entry.forget);
  return entry?.worker;
}

export class SqliteThread {
  readonly ready: Promise<void>;
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #next = 1;
  #alive = true;
  #stopReason = 'closed';
  /** Takes this thread's listeners off the worker (before the worker is parked). */
  #detach: () => void;

  constructor(
    file: string,
    readonly role: Role,
    nice: number,
    onStop: (thread: SqliteThread) => void,
    /** Closing keeps the thread for another throwaway database (see `parked`). */
    private readonly reusable = false,
  ) {
    this.#worker = (reusable && parkedWorker()) || new Worker(WORKER_URL);
    this.#worker.unref();
    let started: () => void;
    let failed: (e: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    const onMessage = (msg: {
      ready?: true;
      id?: number;
      ok?: boolean;
      result?: ThreadResult;
      columns?: string[];
      chunk?: unknown[][];
      error?: { message: string };
    }) => {
      if (msg.ready) return started();
      const call = this.#pending.get(msg.id!);
      if (!call) return;
      if (msg.chunk) return call.onChunk?.(rowObjects(msg.columns!, msg.chunk));
      this.#settled(msg.id!);
      if (msg.ok) call.resolve(withRows(msg.result!));
      else call.reject(new SqliteThreadError(msg.error!));
    };
    const onError = (err: Error) => {
      this.#stopReason = err.message;
      failed(err);
    };
    const onExit = (code: number) => {
      this.#alive = false;
      if (code !== 0 && this.#stopReason === 'closed') this.#stopReason = `exit code ${code}`;
      failed(new SqliteThreadStopped(this.#stopReason));
      const waiting = [...this.#pending.values()];
      this.#pending.clear();
      for (const call of waiting) call.reject(new SqliteThreadStopped(this.#stopReason));
      onStop(this);
    };
    this.#worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    this.#detach = () => this.#worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    this.#worker.postMessage({ op: 'open', file, role, nice });
  }

  get alive(): boolean {
    return this.#alive;
  }

  get busy(): boolean {
    return this.#pending.size > 0;
  }

  call(msg: Record<string, unknown>, onChunk?: Pending['onChunk']): Promise<ThreadResult> {
    if (!this.#alive) return Promise.reject(new SqliteThreadStopped(this.#stopReason));
    const id = this.#next++;
    // Referenced only while a call waits: an idle database never keeps the process alive, a
    // running query always does.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onChunk });
      this.#worker.postMessage({ ...msg, id });
    });
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  async #park(): Promise<void> {
    const worker = this.#worker;
    await new Promise<void>((resolve) => {
      const onParked = (msg: { parked?: true }) => {
        if (!msg.parked) return;
        worker.off('message', onParked);
        resolve();
      };
      worker.on('message', onParked);
      worker.postMessage({ op: 'park' });
    });
    this.#alive = false;
    this.#detach();
    worker.unref();
    // A parked thread that dies is simply not reused.
    const entry = {
      worker,
      forget: () => {
        const at = parked.indexOf(entry);
        if (at >= 0) parked.splice(at, 1);
      },
    };
    worker.once('exit', entry.forget);
    parked.push(entry);
  }

  /** Ends the thread at once, as a crash would (tests of what follows one). */
  async kill(): Promise<void> {
    await this.#worker.terminate();
  }

  /**
   * Closes the connection (a clean WAL checkpoint) and waits for the thread to end, or, for a
   * reusable thread with nothing under way, to be parked.
   */
  async close(): Promise<void> {
    if (!this.#alive) return;
    if (this.reusable && this.#pending.size === 0 && parked.length < PARKED_MAX) return this.#park();
    const ended = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.ref();
    this.#worker.postMessage({ op: 'close' });
    await ended;
  }
}
