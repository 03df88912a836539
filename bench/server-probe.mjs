// Loaded into the bench's server process (`node --import`): every 200 ms one stderr line with the
// process's resident memory and the event loop's delay since the last line (perf_hooks'
// histogram, 10 ms resolution), read by bench/http.ts. Nothing of the server changes.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  const line = {
    at: Date.now(),
    rss: process.memoryUsage.rss(),
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
  };
  delay.reset();
  process.stderr.write(`bench-probe ${JSON.stringify(line)}\n`);
}, 200).unref();
