// A small semaphore for costly work that anyone can trigger without signing in: password hashing.
// scrypt at OWASP cost takes a fraction of a second and 128 MiB of memory per run, and runs on
// libuv's thread pool (four threads by default, shared with file and DNS work). Unbounded, a burst
// of sign-in attempts would queue there for ever and starve everything else; so each instance runs
// a few at a time, lets a bounded number wait for a bounded time, and turns the rest away with
// HTTP 503: at once when the queue is full, after `maxWaitMs` when no slot came free.
//
// Two kinds of work (decision 040). A flood from many addresses is made of password attempts from
// addresses the account never signed in from (or for no account): that is `budget` work, which may
// hold all slots but one, waits behind all other work, and may wait only one turn, so an attempt
// over that budget is refused at once instead of after the wait cap. Everything else is `first`
// work: staff hashing passwords, and the password step from one of the account's known sources,
// which therefore finds the kept slot free or goes next, however many unknown attempts wait.
export const BUSY_MESSAGE = 'The server is busy; try again in a moment.';

/** Thrown by WorkLimiter.run when the queue is full or the wait ran out; the app answers 503. */
export class ServerBusy extends Error {
  constructor() {
    super(BUSY_MESSAGE);
  }
}

/** `first`: served before any `budget` work; `budget`: a password attempt from an unknown source. */
export type WorkKind = 'first' | 'budget';

export interface WorkLimiter {
  /**
   * Runs `work` when a slot is free (waiting in turn if need be); rejects with ServerBusy when the
   * queue is full or no slot came free within the wait cap.
   */
  run<T>(work: () => Promise<T>, kind?: WorkKind): Promise<T>;
  /**
   * Whether `run` would start or queue work of this kind now: a caller checks it before writing
   * anything for work it would be refused (run checks again; meanwhile others may take the room).
   */
  admits(kind: WorkKind): boolean;
  /** Work running now, work waiting for a slot, and work started since the limiter was made. */
  load(): { running: number; queued: number; started: number };
}

export interface WorkLimits {
  running: number;
  queued: number;
  /** How long a request may wait for a slot before it is answered 503. */
  maxWaitMs: number;
  /** Slots `budget` work may hold at once: the others stay free for `first` work. */
  budgetRunning: number;
  /** `budget` work that may wait at once (within `queued`); more is refused without waiting. */
  budgetQueued: number;
}

/**
 * Four matches libuv's default thread pool: more would only queue inside it. A wait of three
 * seconds is a few hashes' turns at OWASP cost on a small machine; a sign-in that would wait longer is better told
 * to come back than left hanging while a flood drains. Unknown sources get three slots and one
 * turn of waiting: about as many hashes a second as three slots finish, the rest refused at once.
 */
export const HASHING_LIMITS: WorkLimits = {
  running: 4,
  queued: 32,
  maxWaitMs: 3_000,
  budgetRunning: 3,
  budgetQueued: 3,
};

export function workLimiter(given: Partial<WorkLimits> = {}): WorkLimiter {
  // A smaller limiter keeps one slot for `first` work too, unless it has only one.
  const budgetRunning =
    given.budgetRunning ??
    (given.running === undefined ? HASHING_LIMITS.budgetRunning : Math.max(1, given.running - 1));
  const limits = { ...HASHING_LIMITS, budgetQueued: budgetRunning, ...given, budgetRunning };
  let running = 0;
  let budgetRunningNow = 0;
  let started = 0;
  const waiting: Record<WorkKind, (() => void)[]> = { first: [], budget: [] };
  const queued = () => waiting.first.length + waiting.budget.length;
  const take = (kind: WorkKind) => {
    running++;
    if (kind === 'budget') budgetRunningNow++;
  };
  const startable = (kind: WorkKind) =>
    running < limits.running &&
    waiting.first.length === 0 &&
    (kind === 'first' || (waiting.budget.length === 0 && budgetRunningNow < limits.budgetRunning));
  const hasRoom = (kind: WorkKind) =>
    queued() < limits.queued && (kind === 'first' || waiting.budget.length < limits.budgetQueued);
  const release = (kind: WorkKind) => {
    running--;
    if (kind === 'budget') budgetRunningNow--;
    // Freed slots pass straight to the next in line (`first` work before any `budget` work), their
    // count taken at once, so nothing arriving meanwhile can overtake it.
    while (running < limits.running) {
      const next =
        waiting.first.shift() ?? (budgetRunningNow < limits.budgetRunning ? waiting.budget.shift() : undefined);
      if (!next) break;
      next();
    }
  };
  const waitTurn = (kind: WorkKind) =>
    new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        take(kind);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = waiting[kind].indexOf(turn);
        if (at !== -1) waiting[kind].splice(at, 1);
        reject(new ServerBusy());
      }, limits.maxWaitMs);
      waiting[kind].push(turn);
    });
  return {
    async run<T>(work: () => Promise<T>, kind: WorkKind = 'first'): Promise<T> {
      if (startable(kind)) take(kind);
      else if (hasRoom(kind)) await waitTurn(kind);
      else throw new ServerBusy();
      started++;
      try {
        return await work();
      } finally {
        release(kind);
      }
    },
    admits: (kind) => startable(kind) || hasRoom(kind),
    load: () => ({ running, queued: queued(), started }),
  };
}
