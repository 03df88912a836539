// The server's one log: one JSON object per line (pino), each with `time` (ISO 8601), `level`
// (its name) and `msg`, plus what the call adds. Requests are logged by ./requests.ts; start-up,
// shutdown and background work (sweeping, mail delivery) log through the same logger, so a log
// collector reads one format. Nothing here ever receives a request body, a cookie or a query string.
import pino from 'pino';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type Logger = pino.Logger;

/** Where the lines go: one call per line, without its newline. */
export type LineSink = (line: string) => void;

export interface LoggerOptions {
  /** The least level written; `silent` writes nothing. */
  level: LogLevel;
  /** Standard output unless given (tests capture the lines here). */
  write?: LineSink;
}

/** LOG_LEVEL when set; otherwise info, and nothing at all under APP_ENV=test (tests stay quiet). */
export function defaultLogLevel(appEnv: string, given?: LogLevel): LogLevel {
  return given ?? (appEnv === 'test' ? 'silent' : 'info');
}

export function createLogger(options: LoggerOptions): Logger {
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  return pino(
    {
      level: options.level,
      // No pid or hostname on every line: the collector knows which container it read.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // An Error given as `err` is written with its type, message and stack.
      serializers: { err: pino.stdSerializers.err },
    },
    // Written synchronously, line by line: nothing is lost when the process exits after a line.
    { write: (text: string) => write(text.endsWith('\n') ? text.slice(0, -1) : text) },
  );
}

/** A logger that writes nothing: what createApp uses when it is given none. */
export function silentLogger(): Logger {
  return createLogger({ level: 'silent', write: () => {} });
}

/**
 * A plain-line callback for modules that take one (`log?: (line) => void`: sweeping, mail
 * delivery): each line becomes an entry of this logger at `level` (what those modules report
 * is a failure: warn unless told).
 */
export function lineLogger(logger: Logger, level: 'info' | 'warn' | 'error' = 'warn'): LineSink {
  return (line) => logger[level](line);
}
