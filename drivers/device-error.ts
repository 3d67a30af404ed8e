/**
 * An error of a device or its link that callers branch on by `kind`, not by class or message
 * text. Each driver family names its own kinds and its class (for logs) in a subclass.
 */
export class DeviceError<Kind extends string> extends Error {
  readonly kind: Kind;

  constructor(kind: Kind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}
