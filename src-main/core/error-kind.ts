/** A family of errors: a base class whose instances carry `code`, the stable word callers branch on. */
// TypeScript lets a class extend a constructor type parameter only when its arguments are any[] (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ErrorFamily = new (...args: any[]) => Error & { readonly code: string };

/** One kind of a family: built with the family's arguments, its `code` the kind's own. */
type ErrorKind<Family extends ErrorFamily, Code> = new (
  ...args: ConstructorParameters<Family>
) => InstanceType<Family> & { readonly code: Code };

/**
 * A kind of error in `family` that differs only by its `code` (one of the family's) and its
 * `name`, e.g. `class RetryableError extends errorKind(GatewayError, 'retryable', 'RetryableError') {}`;
 * a kind with fields of its own adds them in its class. The name is written out rather than read
 * from the class: the bundle minifies class names, and the log shows an error's name.
 */
export function errorKind<Family extends ErrorFamily, const Code extends InstanceType<Family>['code']>(
  family: Family,
  code: Code,
  name: string,
): ErrorKind<Family, Code> {
  const Kind = class extends family {
    override readonly code: Code = code;
    override readonly name: string = name;
  };
  // The class above takes any arguments (TS2545); the kind is built with its family's.
  return Kind as unknown as ErrorKind<Family, Code>;
}
