import pino, { type ChildLoggerOptions, type DestinationStream, type Logger as PinoLogger, type LogFn } from 'pino';
import { interpolate } from './interpolate';
import { createPrettyDestination } from './pretty';
import { redactRecord, redactText, redactValue } from './redact';

export type Logger = PinoLogger;
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggerOptions {
  readonly level: LogLevel;
  /** Where lines go; standard error (synchronous) by default. Tests pass a collecting stream. */
  readonly destination?: DestinationStream;
  /**
   * `pretty`: one readable line a record (`./pretty`); `json`: pino's JSON lines. By default
   * pretty when the lines go to standard error and it is a terminal, else JSON.
   */
  readonly format?: 'pretty' | 'json';
  /** Fields on every line; `{ app: 'lanepoint' }` by default. Redacted like everything else. */
  readonly base?: Record<string, unknown>;
}

type Message = { readonly given: true; readonly value: unknown } | { readonly given: false };

/**
 * Splits a log call the way pino's LOG does (optional object or error first, then a message
 * and its parameters) and builds the final message, redacted. When no message is given pino
 * takes one from the error, outside every formatter; it is taken here instead, redacted.
 */
function messageOf(record: object | undefined, rest: readonly unknown[]): Message {
  const [template, ...params] = rest;
  if (template !== undefined) return { given: true, value: interpolate(template, params) };
  if (record instanceof Error) return { given: true, value: redactText(String(record.message)) };
  const fields = record as { msg?: unknown; err?: { message?: unknown } } | undefined;
  if (fields && fields.msg === undefined && fields.err) {
    const fromError = fields.err.message;
    if (fromError !== undefined) return { given: true, value: redactValue(fromError) };
  }
  return { given: false };
}

/**
 * Rewrites every log call before pino sees it: the message is interpolated and redacted here.
 * The object (fields) is redacted by the record formatter.
 */
function redactCall(this: PinoLogger, args: Parameters<LogFn>, method: LogFn): void {
  const [first, ...rest] = args as unknown[];
  if (args.length === 0 || (first === null && rest.length === 0)) return method.apply(this, args);
  const record = first !== null && typeof first === 'object' ? first : undefined;
  const message = messageOf(record, record || first === null || first === undefined ? rest : args);
  // Passing the message on its own (no parameters) leaves pino nothing to interpolate again.
  const call: unknown[] = record ? [record] : [undefined];
  if (message.given) call.push(message.value);
  return method.apply(this, call as Parameters<LogFn>);
}

/** A logged error (flattened by redaction) without its stack, nor its causes' stacks. */
function withoutStacks(error: unknown, depth = 0): unknown {
  if (error === null || typeof error !== 'object' || Array.isArray(error) || depth > 8) return error;
  const { stack: _stack, cause, errors, ...rest } = error as Record<string, unknown>;
  return {
    ...rest,
    ...(cause !== undefined ? { cause: withoutStacks(cause, depth + 1) } : {}),
    ...(Array.isArray(errors) ? { errors: errors.map((item) => withoutStacks(item, depth + 1)) } : {}),
  };
}

/** Child options can bring their own serializers, formatters and prefix: wrap them all. */
function redactedChildOptions<Options extends ChildLoggerOptions>(options: Options): Options {
  const safe: ChildLoggerOptions = { ...options };
  if (typeof options.msgPrefix === 'string') safe.msgPrefix = redactText(options.msgPrefix);
  if (options.serializers) {
    safe.serializers = Object.fromEntries(
      Object.entries(options.serializers).map(([key, serialize]) => [
        key,
        (value: unknown) => redactValue((serialize as (input: unknown) => unknown)(value)),
      ]),
    );
  }
  const formatters = options.formatters;
  if (formatters) {
    safe.formatters = {
      ...formatters,
      ...(formatters.log && { log: (record: object) => redactRecord(formatters.log?.(record) ?? {}) }),
      ...(formatters.bindings && {
        bindings: (bindings: pino.Bindings) => redactRecord(formatters.bindings?.(bindings) ?? {}),
      }),
    };
  }
  return safe as Options;
}

/**
 * The one logger of the core: pino, with every record passed through the card-data redaction
 * of `./redact` — the message and its interpolation parameters, fields at any depth, errors
 * (message, stack, cause), the base fields and child bindings. Child options that bring their
 * own serializers, formatters or message prefix are redacted too. Errors keep their stack only
 * while debug is on. Lines are pino's JSON, or laid out for a person by `./pretty` (on a
 * terminal by default), after the redaction in both cases.
 */
export function createLogger(options: LoggerOptions): Logger {
  // A given destination (a test's, a file) gets JSON unless asked; standard error follows the terminal.
  const format = options.format ?? (!options.destination && process.stderr.isTTY ? 'pretty' : 'json');
  let destination = options.destination;
  if (format === 'pretty') {
    destination = destination
      ? createPrettyDestination(destination)
      : createPrettyDestination(pino.destination({ fd: 2, sync: true }), process.stderr.isTTY);
  }
  // Stacks are for whoever debugs, not for everyday lines: kept only while debug is on.
  const errorSerializer = (error: unknown) => {
    const safe = redactValue(error);
    return logger.isLevelEnabled('debug') ? safe : withoutStacks(safe);
  };
  const logger: Logger = pino(
    {
      level: options.level,
      base: options.base ?? { app: 'lanepoint' },
      // pino runs serializers after the record formatter, so the error serializer redacts too.
      serializers: { err: errorSerializer },
      formatters: { log: redactRecord, bindings: redactRecord },
      hooks: { logMethod: redactCall },
    },
    destination ?? pino.destination({ fd: 2, sync: true }),
  );
  // pino writes a child's bindings once, outside every formatter, so they are redacted on the
  // way in. Children are made with Object.create(parent) and inherit these methods, so
  // grandchildren are covered as well.
  type Child = (this: Logger, bindings: pino.Bindings, childOptions?: ChildLoggerOptions) => unknown;
  const child = logger.child as unknown as Child;
  const redactedChild: Child = function (bindings, childOptions) {
    return child.call(this, redactRecord(bindings), childOptions && redactedChildOptions(childOptions));
  };
  logger.child = redactedChild as unknown as Logger['child'];
  const setBindings = logger.setBindings;
  logger.setBindings = function redactedSetBindings(this: Logger, bindings: pino.Bindings) {
    setBindings.call(this, redactRecord(bindings));
  };
  return logger;
}
