// A small semaphore for costly work that anyone can trigger without signing in: password hashing.
// scrypt at OWASP cost takes a fraction of a second and 128 MiB of memory per run, and runs on
// libuv's thread pool (four threads by default, shared with file and DNS work). Unbounded, a burst
// of sign-in attempts would queue there for ever and starve everything else; so each instance runs
// a few at a time, lets a bounded number wait for a bounded time, and turns the rest away with
// HTTP 503: at once when the queue is full, after `maxWaitMs` when no slot came free.
export const BUSY_MESSAGE = 'The server is busy; try again in a moment.';

/** Thrown by WorkLimiter.run when the queue is full or the wait ran out; the app answers 503. */
export class ServerBusy extends Error {
  constructor() {
    super(BUSY_MESSAGE);
  }
}

export interface WorkLimiter {
  /**
   * Runs `work` when a slot is free (waiting in turn if need be); rejects with ServerBusy when the
   * queue is full or no slot came free within the wait cap.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Work running now, work waiting for a slot, and work started since the limiter was made. */
  load(): { running: number; queued: number; started: number };
}

export interface WorkLimits {
  running: number;
  queued: number;
  /** How long a request may wait for a slot before it is answered 503. */
  maxWaitMs: number;
}

/**
 * Four matches libuv's default thread pool: more would only queue inside it. A wait of three
 * seconds is a few hashes' turns at OWASP cost on a small machine; a sign-in that would wait longer is better told
 * to come back than left hanging while a flood drains.
 */
export const HASHING_LIMITS: WorkLimits = { running: 4, queued: 32, maxWaitMs: 3_000 };

export function workLimiter(given: Partial<WorkLimits> = {}): WorkLimiter {
  const limits = { ...HASHING_LIMITS, ...given };
  let running = 0;
  let started = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so nothing can overtake it.
    if (next) next();
    else running--;
  };
  const waitTurn = () => new Promise<void>((resolve, reject) => {
    const turn = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const at = waiting.indexOf(turn);
      if (at !== -1) waiting.splice(at, 1);
      reject(new ServerBusy());
    }, limits.maxWaitMs);
    waiting.push(turn);
  });
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limits.running) running++;
      else if (waiting.length < limits.queued) await waitTurn();
      else throw new ServerBusy();
      started++;
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, queued: waiting.length, started }),
  };
}
