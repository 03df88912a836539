// SQLite off the event loop (decision 041). better-sqlite3 is synchronous: run on the server's
// thread, one long statement stalls every request. Here each connection lives in a worker thread:
// - one writer runs every write and every transaction; a transaction holds it (a FIFO lock) from
//   begin to commit or rollback, so Kysely's transaction API works unchanged;
// - readers on the same file (WAL: they read the last commit while the writer works) run the
//   plain reads outside transactions; more are started while all are busy, up to a cap, and the
//   extra ones end after a while idle. A statement a reader finds would write goes to the writer.
// A thread that dies fails the calls it held (a transaction on it fails as a whole: SQLite rolls
// it back) and is replaced on the next call. ':memory:' becomes a temporary file, since threads
// cannot share an in-memory database; it is deleted with the database.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import {
  CompiledQuery,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { SqliteThread, SqliteThreadStopped, type ThreadResult } from './sqlite-thread';

export interface SqliteThreadsOptions {
  /** A file, or ':memory:' for a private temporary one. */
  file: string;
  /** With ':memory:', the temporary file starts as a copy of this one (tests' migrated template). */
  copyOf?: string;
  /** Readers started with the database. */
  minReaders?: number;
  /** Readers at most: a read waits for a free one only when this many are busy. */
  maxReaders?: number;
  /** An extra reader idle this long ends. */
  readerIdleMs?: number;
  /**
   * The threads' nice value (Linux): above the event loop's, so that on busy CPUs the requests'
   * short work goes first. 10 for a file; 0 for ':memory:', a test's throwaway database on a
   * machine shared with other work, where yielding to every other process only slows the test.
   */
  nice?: number;
}

/**
 * Reads are CPU work: a reader a core is started with the database, so a burst finds them ready,
 * and at most twice as many (four at least) run at once, so one long read (an export) cannot hold
 * up the short ones. Starting more threads in a burst cost more than it saved: on two cores,
 * eight requests at once started seven threads, and the burst waited 130–200 ms at p95.
 */
const CORES = availableParallelism();

/** The threads' work at one moment: the writer (held by a statement or a transaction) and the readers. */
export interface SqliteLoad {
  writerBusy: boolean;
  /** Statements and transactions waiting for the writer. */
  writesWaiting: number;
  readers: number;
  readersBusy: number;
  /** Reads waiting for a free reader. */
  readsWaiting: number;
}

/** A FIFO lock: the writer's owner (one statement, or a transaction from begin to its end). */
class Lock {
  #held = false;
  #queue: (() => void)[] = [];
  async acquire(): Promise<() => void> {
    if (this.#held) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      if (next) next();
      else this.#held = false;
    };
  }

  /** Whether an owner holds the lock, and how many wait for it. */
  get load(): { held: boolean; waiting: number } {
    return { held: this.#held, waiting: this.#queue.length };
  }
}

type Call = Record<string, unknown>;
interface Job {
  call: Call;
  resolve(r: ThreadResult): void;
  reject(e: unknown): void;
  onChunk?: (rows: Record<string, unknown>[]) => void;
  retried?: boolean;
}

/** The readers: a free one runs the read, else one is started (up to the cap), else it waits. */
class Readers {
  #idle: SqliteThread[] = [];
  #all = new Set<SqliteThread>();
  #starting = 0;
  #waiting: Job[] = [];
  /** Pragma settings made so far, replayed on each reader that starts later. */
  #pragmas: Call[] = [];
  #timers = new Map<SqliteThread, NodeJS.Timeout>();
  #closed = false;
  #spawning = new Set<Promise<void>>();

  constructor(
    private readonly file: string,
    private readonly opts: Required<Omit<SqliteThreadsOptions, 'file' | 'copyOf'>>,
    private readonly throwaway: boolean,
  ) {}

  async start(): Promise<void> {
    await Promise.all(Array.from({ length: this.opts.minReaders }, () => this.#spawn()));
  }

  run(call: Call, onChunk?: (rows: Record<string, unknown>[]) => void): Promise<ThreadResult> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ call, resolve, reject, onChunk });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#waiting.length > 0) {
      const thread = this.#idle.pop();
      if (!thread) break;
      clearTimeout(this.#timers.get(thread));
      this.#timers.delete(thread);
      const job = this.#waiting.shift()!;
      thread
        .call(job.call, job.onChunk)
        .then(job.resolve, (err: unknown) => {
          // A read is safe to run again: once, on another reader, when this one died under it.
          if (err instanceof SqliteThreadStopped && !job.retried && !job.onChunk && !this.#closed) {
            job.retried = true;
            this.#waiting.unshift(job);
          } else {
            job.reject(err);
          }
        })
        .finally(() => this.#free(thread));
    }
    if (
      this.#waiting.length > this.#starting &&
      this.#all.size + this.#starting < this.opts.maxReaders &&
      !this.#closed
    ) {
      this.#spawn().catch((err: unknown) => {
        // No reader could start (the file is gone?): what waits fails rather than hangs.
        if (this.#all.size === 0) for (const job of this.#waiting.splice(0)) job.reject(err);
      });
    }
  }

  #spawn(): Promise<void> {
    const started = this.#startOne().finally(() => this.#spawning.delete(started));
    this.#spawning.add(started);
    return started;
  }

  async #startOne(): Promise<void> {
    this.#starting++;
    const thread = new SqliteThread(this.file, 'reader', this.opts.nice, (t) => this.#forget(t), this.throwaway);
    try {
      await thread.ready;
    } finally {
      this.#starting--;
    }
    if (this.#closed) return thread.close();
    for (const call of this.#pragmas) await thread.call(call);
    this.#all.add(thread);
    this.#free(thread);
  }

  #free(thread: SqliteThread): void {
    if (this.#closed) return;
    if (!thread.alive) return this.#dispatch();
    this.#idle.push(thread);
    if (this.#all.size > this.opts.minReaders && !this.#timers.has(thread)) {
      this.#timers.set(
        thread,
        setTimeout(() => {
          this.#timers.delete(thread);
          const at = this.#idle.indexOf(thread);
          if (at < 0 || this.#all.size <= this.opts.minReaders) return;
          this.#idle.splice(at, 1);
          this.#all.delete(thread);
          void thread.close();
        }, this.opts.readerIdleMs).unref(),
      );
    }
    this.#dispatch();
  }

  #forget(thread: SqliteThread): void {
    this.#all.delete(thread);
    this.#idle = this.#idle.filter((t) => t !== thread);
    clearTimeout(this.#timers.get(thread));
    this.#timers.delete(thread);
    // A crashed reader is replaced when a read next needs one.
    if (!this.#closed) this.#dispatch();
  }

  get count(): number {
    return this.#all.size;
  }

  /** Readers running, those running a read now, and reads waiting for one. */
  get load(): { readers: number; busy: number; waiting: number } {
    return { readers: this.#all.size, busy: this.#all.size - this.#idle.length, waiting: this.#waiting.length };
  }

  async broadcast(call: Call): Promise<void> {
    this.#pragmas.push(call);
    await Promise.all([...this.#all].map((t) => t.call(call)));
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const t of this.#timers.values()) clearTimeout(t);
    await Promise.allSettled([...this.#spawning]);
    await Promise.all([...this.#all].map((t) => t.close()));
    // A parked thread ends no call of #forget: the count is emptied here.
    this.#all.clear();
    this.#idle = [];
  }
}

/** What a read looks like before it runs: a SELECT, or raw SQL that starts as one. */
function looksRead(q: CompiledQuery): boolean {
  if (SelectQueryNode.is(q.query)) return true;
  return RawNode.is(q.query) && /^\s*(select|with|explain|values)\b/i.test(q.sql);
}

/** `pragma x = y` sets a connection's option: it is run on every connection. */
const PRAGMA_SET = /^\s*pragma\s+[\w.]+\s*=/i;

function toQueryResult<R>(r: ThreadResult): QueryResult<R> {
  return { rows: r.rows as R[], numAffectedRows: r.numAffectedRows, insertId: r.insertId };
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class WorkerDriver implements Driver {
  #file: string;
  #copyOf: string | undefined;
  #tempDir: string | null = null;
  #opts: Required<Omit<SqliteThreadsOptions, 'file' | 'copyOf'>>;
  #writer: SqliteThread | null = null;
  #writerStarting: Promise<SqliteThread> | null = null;
  #writeLock = new Lock();
  #readers!: Readers;
  #destroyed = false;
  /** A test's database (':memory:'): its threads are reused by the next one. */
  readonly #throwaway: boolean;

  constructor(options: SqliteThreadsOptions) {
    this.#file = options.file;
    this.#copyOf = options.copyOf;
    // A test's throwaway database (':memory:') serves one test's few calls at a time: two readers
    // do, where starting more would cost each test more than it saves.
    const throwaway = options.file === ':memory:';
    this.#throwaway = throwaway;
    this.#opts = {
      minReaders: options.minReaders ?? (throwaway ? 1 : CORES),
      maxReaders: options.maxReaders ?? (throwaway ? 2 : Math.max(4, 2 * CORES)),
      readerIdleMs: options.readerIdleMs ?? 60_000,
      nice: options.nice ?? (throwaway ? 0 : 10),
    };
  }

  async init(): Promise<void> {
    if (this.#file === ':memory:') {
      this.#tempDir = mkdtempSync(path.join(tmpdir(), 'staff-console-db-'));
      this.#file = path.join(this.#tempDir, 'db.sqlite');
      if (this.#copyOf) copyFileSync(this.#copyOf, this.#file);
    }
    // The writer first: it creates the file and puts it in WAL mode before readers open it.
    await this.writer();
    this.#readers = new Readers(this.#file, this.#opts, this.#throwaway);
    await this.#readers.start();
  }

  /** The live writer thread, started again if the last one died. */
  writer(): Promise<SqliteThread> {
    if (this.#destroyed) return Promise.reject(new Error('The database has been closed.'));
    if (this.#writer?.alive) return Promise.resolve(this.#writer);
    this.#writerStarting ??= (async () => {
      const thread = new SqliteThread(this.#file, 'writer', this.#opts.nice, () => {}, this.#throwaway);
      try {
        await thread.ready;
        this.#writer = thread;
        return thread;
      } finally {
        this.#writerStarting = null;
      }
    })();
    return this.#writerStarting;
  }

  /** One statement on the writer, between the transactions. */
  async write(call: Call): Promise<ThreadResult> {
    const release = await this.#writeLock.acquire();
    try {
      return await (await this.writer()).call(call);
    } finally {
      release();
    }
  }

  read(call: Call, onChunk?: (rows: Record<string, unknown>[]) => void): Promise<ThreadResult> {
    return this.#readers.run(call, onChunk);
  }

  /** A pragma setting, on the writer and every reader there is now. */
  async pragma(call: Call): Promise<ThreadResult> {
    const result = await this.write(call);
    await this.#readers.broadcast(call);
    return result;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WorkerConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WorkerConnection;
    const release = await this.#writeLock.acquire();
    try {
      const thread = await this.writer();
      await thread.call({ op: 'exec', sql: 'begin' });
      conn.pin(thread, release);
    } catch (err) {
      release();
      throw err;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WorkerConnection;
    // On failure the transaction stays pinned: Kysely rolls it back next.
    await conn.pinned().call({ op: 'exec', sql: 'commit' });
    conn.unpin();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WorkerConnection;
    try {
      const thread = conn.pinned();
      // A dead thread took its transaction with it: nothing is left to roll back.
      if (thread.alive) await thread.call({ op: 'rollback' });
    } finally {
      conn.unpin();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as WorkerConnection).pinned().call({ op: 'exec', sql: `savepoint ${ident(name)}` });
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as WorkerConnection).pinned().call({ op: 'exec', sql: `rollback to ${ident(name)}` });
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as WorkerConnection).pinned().call({ op: 'exec', sql: `release ${ident(name)}` });
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A connection let go inside a transaction (never by Kysely's own API) must not keep the writer.
    (connection as WorkerConnection).unpin();
  }

  /** The threads now running (tests, diagnostics). */
  threads(): { writer: SqliteThread | null; readers: number } {
    return { writer: this.#writer?.alive ? this.#writer : null, readers: this.#readers?.count ?? 0 };
  }

  /** What the threads are doing now (/metrics). */
  load(): SqliteLoad {
    const writer = this.#writeLock.load;
    const readers = this.#readers?.load ?? { readers: 0, busy: 0, waiting: 0 };
    return {
      writerBusy: writer.held,
      writesWaiting: writer.waiting,
      readers: readers.readers,
      readersBusy: readers.busy,
      readsWaiting: readers.waiting,
    };
  }

  async destroy(): Promise<void> {
    this.#destroyed = true;
    await this.#readers?.close();
    await this.#writer?.close();
    if (this.#tempDir) rmSync(this.#tempDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

class WorkerConnection implements DatabaseConnection {
  #tx: { thread: SqliteThread; release: () => void } | null = null;

  constructor(private readonly driver: WorkerDriver) {}

  pin(thread: SqliteThread, release: () => void): void {
    this.#tx = { thread, release };
  }

  pinned(): SqliteThread {
    if (!this.#tx) throw new Error('No transaction is open on this connection.');
    return this.#tx.thread;
  }

  unpin(): void {
    this.#tx?.release();
    this.#tx = null;
  }

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const call = { op: 'query', sql: q.sql, params: q.parameters };
    if (this.#tx) return toQueryResult(await this.#tx.thread.call(call));
    if (looksRead(q)) {
      const r = await this.driver.read(call);
      if (!r.redirect) return toQueryResult(r);
    }
    if (PRAGMA_SET.test(q.sql)) return toQueryResult(await this.driver.pragma(call));
    return toQueryResult(await this.driver.write(call));
  }

  async *streamQuery<R>(q: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(q.query)) throw new Error('Only SELECT queries can be streamed.');
    const chunks: Record<string, unknown>[][] = [];
    let wake: (() => void) | null = null;
    const onChunk = (rows: Record<string, unknown>[]) => {
      chunks.push(rows);
      wake?.();
    };
    const call = { op: 'stream', sql: q.sql, params: q.parameters, chunkSize };
    let done = false;
    let failure: unknown = null;
    const finished = (this.#tx ? this.#tx.thread.call(call, onChunk) : this.driver.read(call, onChunk))
      .then(
        (last) => chunks.push(last.rows),
        (err: unknown) => {
          failure = err;
        },
      )
      .finally(() => {
        done = true;
        wake?.();
      });
    while (true) {
      const rows = chunks.shift();
      if (rows) {
        if (rows.length > 0) yield { rows: rows as R[] };
        continue;
      }
      if (done) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
    await finished;
    if (failure) throw failure;
  }
}

/** Kysely's SQLite dialect with the connections in worker threads. */
export class SqliteThreadsDialect implements Dialect {
  #driver: WorkerDriver | null = null;
  constructor(private readonly options: SqliteThreadsOptions) {}
  createDriver(): Driver {
    return (this.#driver = new WorkerDriver(this.options));
  }
  /** What the threads of the database this dialect opened are doing now (/metrics). */
  load(): SqliteLoad {
    return this.#driver?.load() ?? { writerBusy: false, writesWaiting: 0, readers: 0, readersBusy: 0, readsWaiting: 0 };
  }
  /** The threads of the database this dialect opened (tests, diagnostics). */
  threads(): ReturnType<WorkerDriver['threads']> {
    return this.#driver?.threads() ?? { writer: null, readers: 0 };
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
