import { createRequire } from 'node:module';
import type { DestinationStream } from 'pino';

/**
 * Log lines a person reads in a terminal. pino hands every record here as its JSON line, after
 * the redaction of `./redact` has run, so both outputs carry exactly the same (safe) content:
 * this only lays it out.
 */

const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has or nobody at a terminal needs. */
const quietKeys = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'app', 'err']);

interface LoggedError {
  readonly message?: unknown;
  readonly stack?: unknown;
  readonly cause?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

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

function clockText(time: unknown): string {
  if (typeof time !== 'number') return '--:--:--.---';
  const at = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}

/**
 * One JSON log line as `HH:MM:SS.mmm LEVEL message — error; cause: ... key=value ...`. An
 * error's stack is in the record only at debug level (the logger leaves it out otherwise); when
 * it is, it follows on indented lines. A line that is not a JSON object passes through as it is.
 */
export function formatLogLine(line: string): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (!isRecord(record)) return `${line.trimEnd()}\n`;
  const level = levelNames[Number(record.level)] ?? String(record.level ?? '');
  const message = typeof record.msg === 'string' ? record.msg : '';
  const error = isRecord(record.err) ? (record.err as LoggedError) : undefined;
  const sentence = error ? errorSentence(error, message) : '';
  const fields = Object.entries(record)
    .filter(([key]) => !quietKeys.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const head = [clockText(record.time), level.padEnd(5), [message, sentence].filter(Boolean).join(' — '), ...fields].filter(Boolean).join(' ');
  const stack = typeof error?.stack === 'string' ? error.stack.split('\n').slice(1).map((frame) => `    ${frame.trim()}\n`).join('') : '';
  return `${head}\n${stack}`;
}

/** What a stream must take: pino writes one JSON line per call. */
interface LineSink {
  write(text: string): unknown;
}

/** Writes each record to `sink` as `formatLogLine` lays it out. */
export function createPrettyDestination(sink: LineSink): DestinationStream {
  return { write: (line: string) => void sink.write(formatLogLine(line)) };
}

type PinoPretty = (options: Record<string, unknown>) => DestinationStream;

/**
 * The well-kept `pino-pretty` package, when it is installed, as an in-process stream writing
 * synchronously to file descriptor `fd`; undefined when it is not (the built-in layout is used).
 */
export function pinoPrettyDestination(fd: number): DestinationStream | undefined {
  let build: PinoPretty;
  try {
    build = createRequire(import.meta.url)('pino-pretty') as PinoPretty;
  } catch {
    return undefined;
  }
  return build({
    destination: fd,
    sync: true,
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,app',
  });
}
