import { KindedError } from '../src-main/platform/errors';

/**
 * An error of a device or its link that callers branch on by `kind`, not by class or message
 * text. Each driver family names its own kinds and its class (for logs) in a subclass.
 */
export class DeviceError<Kind extends string> extends KindedError<Kind> {}
