import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { redactText, redactValue } from './redact';

export type Logger = PinoLogger;
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggerOptions {
  readonly level: LogLevel;
  /** Where lines go; standard error by default. Tests pass a collecting stream. */
  readonly destination?: DestinationStream;
  readonly base?: Record<string, unknown>;
}

/**
 * The one logger of the core: pino, with every record (fields, message, interpolation
 * arguments, errors, child bindings) passed through the card-data redaction.
 */
export function createLogger(options: LoggerOptions): Logger {
  const logger: Logger = pino(
    {
      level: options.level,
      base: options.base ?? { app: 'lanepoint' },
      serializers: { err: (error: unknown) => redactValue(error) },
      formatters: {
        log: (record) => redactValue(record) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          // logger.error(err) takes its message from err.message: redact it here, since pino
          // writes `msg` outside the record formatter.
          if (first instanceof Error) {
            const message = typeof rest[0] === 'string' ? redactText(rest[0]) : redactText(first.message);
            return method.apply(this, [{ err: first }, message, ...rest.slice(1).map((arg) => redactValue(arg))] as never);
          }
          const head = typeof first === 'string' ? redactText(first) : first;
          return method.apply(this, [head, ...rest.map((arg) => redactValue(arg))] as never);
        },
      },
    },
    options.destination ?? pino.destination({ fd: 2, sync: true }),
  );
  // pino serializes a child's bindings once, outside the record formatter; redact them on the
  // way in. Children inherit this method through their prototype, so grandchildren do too.
  const child = logger.child;
  logger.child = function redactedChild(this: Logger, bindings, childOptions) {
    return child.call(this, redactValue(bindings) as typeof bindings, childOptions);
  } as Logger['child'];
  return logger;
}
