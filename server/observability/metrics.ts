// What GET /metrics answers, in Prometheus' text format (prom-client): requests and their
// latency by route pattern, sign-in outcomes, bulk operations running, and, read at each scrape,
// the password hashing queue and the database's connections (the SQLite threads, or the
// PostgreSQL pool). One registry per app, so several apps in one process (tests) never mix.
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { databaseLoad } from '../db/connect';
import type { WorkLimiter } from '../work-limiter';

/** What a sign-in step ended in, from its answer (see signInOutcome). */
export type SignInOutcome = 'success' | 'refused' | 'throttled' | 'busy' | 'rejected' | 'error';

export interface Metrics {
  /** One request answered: its route pattern (Hono's), method, status and duration. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One call of a sign-in step (routes declaring `signInStep`), by its outcome. */
  signIn(step: string, outcome: SignInOutcome): void;
  /** A bulk operation starts (routes declaring `bulk`); the answer is called when it ends. */
  bulkStarted(operation: string): () => void;
  /** The exposition: every metric now. */
  text(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsSources {
  db: Kysely<any>;
  hashing: WorkLimiter;
  /** The process' own metrics (CPU, memory, event loop delay, heap): off in tests. */
  processMetrics?: boolean;
}

/** Seconds: from a fast read (5 ms) to a large export or bulk edit (30 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(sources: MetricsSources): Metrics {
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const signIns = new Counter({
    name: 'staff_console_sign_in_total',
    help: 'Sign-in calls by step (password, otp, activation, linked) and outcome.',
    labelNames: ['step', 'outcome'] as const,
    registers,
  });
  const bulk = new Gauge({
    name: 'staff_console_bulk_operations_running',
    help: 'Bulk operations being applied now, by operation.',
    labelNames: ['operation'] as const,
    registers,
  });

  const { hashing, db } = sources;
  new Gauge({
    name: 'staff_console_password_hashing_running',
    help: 'Password hashes running now.',
    registers,
    collect() {
      this.set(hashing.load().running);
    },
  });
  new Gauge({
    name: 'staff_console_password_hashing_queued',
    help: 'Password hashes waiting for a slot.',
    registers,
    collect() {
      this.set(hashing.load().queued);
    },
  });
  new Counter({
    name: 'staff_console_password_hashing_started_total',
    help: 'Password hashes started since the server started.',
    registers,
    collect() {
      this.reset();
      this.inc(hashing.load().started);
    },
  });

  // The gauges of the engine in use only: a SQLite deployment shows no pool, and the other way round.
  const engine = databaseLoad(db)?.engine;
  const sqlite = () => {
    const l = databaseLoad(db);
    return l?.engine === 'sqlite' ? l : null;
  };
  const postgres = () => {
    const l = databaseLoad(db);
    return l?.engine === 'postgres' ? l : null;
  };
  if (engine === 'sqlite') {
    new Gauge({
      name: 'staff_console_sqlite_writer_busy',
      help: 'SQLite: 1 while a statement or transaction holds the writer thread.',
      registers,
      collect() {
        this.set(sqlite()?.writerBusy ? 1 : 0);
      },
    });
    new Gauge({
      name: 'staff_console_sqlite_writer_queued',
      help: 'SQLite: statements and transactions waiting for the writer thread.',
      registers,
      collect() {
        this.set(sqlite()?.writesWaiting ?? 0);
      },
    });
    new Gauge({
      name: 'staff_console_sqlite_readers',
      help: 'SQLite: reader threads, by state (busy, idle).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const l = sqlite();
        this.set({ state: 'busy' }, l?.readersBusy ?? 0);
        this.set({ state: 'idle' }, l ? l.readers - l.readersBusy : 0);
      },
    });
    new Gauge({
      name: 'staff_console_sqlite_reads_queued',
      help: 'SQLite: reads waiting for a free reader thread.',
      registers,
      collect() {
        this.set(sqlite()?.readsWaiting ?? 0);
      },
    });
  }
  if (engine === 'postgres') {
    new Gauge({
      name: 'staff_console_pg_pool_connections',
      help: 'PostgreSQL: pool connections, by state (active, idle).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const l = postgres();
        this.set({ state: 'active' }, l ? l.connections - l.idle : 0);
        this.set({ state: 'idle' }, l?.idle ?? 0);
      },
    });
    new Gauge({
      name: 'staff_console_pg_pool_waiting',
      help: 'PostgreSQL: queries waiting for a pool connection.',
      registers,
      collect() {
        this.set(postgres()?.waiting ?? 0);
      },
    });
  }

  return {
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
    },
    signIn(step, outcome) {
      signIns.inc({ step, outcome });
    },
    bulkStarted(operation) {
      bulk.inc({ operation });
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        bulk.dec({ operation });
      };
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/**
 * A sign-in step's outcome from its answer: the steps answer 200 with `status: true` or false
 * (wrong password or code, locked, and so on), 429 when throttled, 503 when the hashing queue is
 * full; other refusals (CSRF, bad input) are `rejected`, and a failure is `error`.
 */
export async function signInOutcome(res: Response): Promise<SignInOutcome> {
  if (res.status === 429) return 'throttled';
  if (res.status === 503) return 'busy';
  if (res.status >= 500) return 'error';
  if (res.status >= 400) return 'rejected';
  try {
    const body = (await res.clone().json()) as { status?: unknown };
    return body.status === true ? 'success' : 'refused';
  } catch {
    return 'refused';
  }
}
