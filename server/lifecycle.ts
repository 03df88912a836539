// The process's state as the probes report it: main.ts marks it draining on SIGTERM or SIGINT,
// and /readyz answers 503 from that moment (decision 100).
export interface Lifecycle {
  draining: boolean;
}

export const newLifecycle = (): Lifecycle => ({ draining: false });
