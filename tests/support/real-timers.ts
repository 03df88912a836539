// Real timers captured before any test fakes them: polling for the in-process server's answers
// must wait in real time without moving the fake clock the machines and the server read.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

export function sleepReal(ms: number): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms));
}
