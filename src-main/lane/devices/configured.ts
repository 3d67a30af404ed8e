import type { DeviceTransportKind } from '../ipc/contract';
import { LaneError } from '../errors';

/** What every configured device carries, opened or not: its setting, its name and its link. */
export interface ConfiguredDevice<Setting> {
  readonly setting: Setting;
  readonly name: string;
  readonly transportKind: DeviceTransportKind;
  /** Closes what the device was built on beyond its transport (an emulated peer). */
  readonly dispose?: () => Promise<void>;
}

/**
 * The device a command asked for (`found`, looked up by `deviceId` or the first of its kind), or
 * a refusal that says which is missing: the named one, or any `kind` at all, with `advice` on
 * what the operator can do then.
 */
export function configuredDevice<Device>(
  found: Device | undefined,
  deviceId: string | undefined,
  kind: string,
  advice: string,
): Device {
  if (found) return found;
  if (deviceId) throw new LaneError('refused', `No ${kind} "${deviceId}" is configured.`, 'deviceId');
  throw new LaneError('refused', `No ${kind} is configured: ${advice}`);
}
