// A small semaphore for costly work that anyone can trigger without signing in: password hashing.
// scrypt at OWASP cost takes a fraction of a second and 128 MiB of memory per run, and runs on
// libuv's thread pool (four threads by default, shared with file and DNS work). Unbounded, a burst
// of sign-in attempts would queue there for ever and starve everything else; so each instance runs
// a few at a time, lets a bounded number wait, and turns the rest away with HTTP 503 at once.
export const BUSY_MESSAGE = 'The server is busy; try again in a moment.';

/** Thrown by WorkLimiter.run when every slot is taken and the queue is full; the app answers 503. */
export class ServerBusy extends Error {
  constructor() {
    super(BUSY_MESSAGE);
  }
}

export interface WorkLimiter {
  /** Runs `work` when a slot is free (waiting in turn if need be); rejects with ServerBusy when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Work running now, and work waiting for a slot. */
  load(): { running: number; queued: number };
}

/** Matches libuv's default thread pool: more would only queue inside it. */
export const HASHING_LIMITS = { running: 4, queued: 32 } as const;

export function workLimiter(limits: { running: number; queued: number } = HASHING_LIMITS): WorkLimiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so nothing can overtake it.
    if (next) next();
    else running--;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limits.running) running++;
      else if (waiting.length < limits.queued) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new ServerBusy();
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, queued: waiting.length }),
  };
}
