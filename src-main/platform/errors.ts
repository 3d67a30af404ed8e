/**
 * The base of every Lanepoint error: an error carries a `kind`, the stable word callers branch
 * on (as node-serialport's users branch on a code), never its class or its message text. Each
 * family names its own kinds (the lane's `invalid | forbidden | refused | throttled`, a device
 * link's `not-found | permission | busy | ...`, the gateway's `transport | protocol | ...`); the
 * message says what was wrong in words a cashier, the store's IT person or a back office user
 * can act on. Pure and import-free: the renderer's errors stand on it too (pureSharedModules).
 */
export class KindedError<Kind extends string = string> extends Error {
  readonly kind: Kind;

  constructor(kind: Kind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

/** The kind of any thrown value: its `kind` when it is a kinded error, else undefined. */
export function kindOf(error: unknown): string | undefined {
  return error instanceof KindedError ? error.kind : undefined;
}

/** A family of errors: a base class whose instances carry `kind`. */
// TypeScript lets a class extend a constructor type parameter only when its arguments are any[] (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ErrorFamily = new (...args: any[]) => KindedError;

/** One kind of a family: built with the family's arguments, its `kind` the kind's own. */
type ErrorKindClass<Family extends ErrorFamily, Kind> = new (
  ...args: ConstructorParameters<Family>
) => InstanceType<Family> & { readonly kind: Kind };

/**
 * A kind of error in `family` that differs only by its `kind` (one of the family's) and its
 * `name`, e.g. `class RetryableError extends errorKind(GatewayError, 'retryable', 'RetryableError') {}`;
 * a kind with fields of its own adds them in its class. The name is written out rather than read
 * from the class: the bundle minifies class names, and the log shows an error's name.
 */
export function errorKind<Family extends ErrorFamily, const Kind extends InstanceType<Family>['kind']>(
  family: Family,
  kind: Kind,
  name: string,
): ErrorKindClass<Family, Kind> {
  const Kinded = class extends family {
    override readonly kind: Kind = kind;
    override readonly name: string = name;
  };
  // The class above takes any arguments (TS2545); the kind is built with its family's.
  return Kinded as unknown as ErrorKindClass<Family, Kind>;
}
