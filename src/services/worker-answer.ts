// One file read off the page's thread: a Web Worker of its own gets the file, answers once and is
// ended. The caller builds the worker (`new Worker(new URL(…), …)` written out where it is, so the
// bundler finds the worker's module).
export function workerAnswer<T>(worker: Worker, message: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<T>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(`the file reader stopped: ${e.message || 'unknown error'}`));
    };
    worker.postMessage(message);
  });
}
