import type { DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';

/**
 * Log lines a person reads in a terminal. pino hands every record here as its JSON line, after
 * the redaction of `./redact` has run, so both outputs carry exactly the same (safe) content:
 * this only lays it out.
 */

/** Fields every line has or nobody at a terminal needs. */
const quietKeys = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'app', 'err']);

interface LoggedError {
  readonly message?: unknown;
  readonly stack?: unknown;
  readonly cause?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** "message; cause: message; cause: ..." on one line, from a logged (already flattened) error. */
function errorSentence(error: LoggedError, skip: string): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; isRecord(current) && depth < 5; depth++) {
    const message = typeof current.message === 'string' ? current.message : '';
    // Drivers often quote the cause in their own message already: say it once.
    if (message && message !== skip && !parts.some((part) => part.includes(message))) parts.push(message);
    current = current.cause;
  }
  if (typeof current === 'string') parts.push(current);
  return parts.map((part, i) => (i === 0 ? part : `cause: ${part}`)).join('; ');
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * What follows the level on a person's line: `message — error; cause: ... key=value ...`. An
 * error's stack is in the record only at debug level (the logger leaves it out otherwise); when
 * it is, it follows on indented lines.
 */
function messageText(record: Record<string, unknown>): string {
  const message = typeof record.msg === 'string' ? record.msg : '';
  const error = isRecord(record.err) ? (record.err as LoggedError) : undefined;
  const sentence = error ? errorSentence(error, message) : '';
  const fields = Object.entries(record)
    .filter(([key]) => !quietKeys.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const head = [[message, sentence].filter(Boolean).join(' — '), ...fields].filter(Boolean).join(' ');
  const stack =
    typeof error?.stack === 'string'
      ? error.stack
          .split('\n')
          .slice(1)
          .map((frame) => `\n    ${frame.trim()}`)
          .join('')
      : '';
  return `${head}${stack}`;
}

/**
 * pino-pretty's layout (`[HH:MM:SS.mmm] LEVEL: ...`, coloured on a terminal) with our message
 * text: the error as one sentence with its causes and the fields as key=value, never a JSON
 * object. A line that is not a JSON record passes through as it is.
 */
export function prettyLineFormatter(colorize: boolean): (line: string) => string {
  return prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    hideObject: true,
    messageFormat: (record) => messageText(record),
  });
}

/** What a stream must take: pino writes one JSON line per call. */
interface LineSink {
  write(text: string): unknown;
}

/**
 * Writes each record to `sink` laid out for a person, synchronously (a crash loses no line).
 * Colours only when asked for (a terminal), never into a file or a test's memory.
 */
export function createPrettyDestination(sink: LineSink, colorize = false): DestinationStream {
  const format = prettyLineFormatter(colorize);
  return { write: (line: string) => void sink.write(format(line)) };
}
