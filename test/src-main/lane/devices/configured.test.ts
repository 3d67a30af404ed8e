import { describe, expect, it } from 'vitest';
import { configuredDevice } from '../../../../src-main/lane/devices/configured';
import { LaneError } from '../../../../src-main/lane/errors';

// The test read, the printer service and the signature service all refuse a missing device
// through this one function; their messages must keep naming what is missing.
describe('configuredDevice', () => {
  const advice = 'add one under Devices in the settings.';

  it('gives back the device that was found', () => {
    const found = { name: 'Front printer' };
    expect(configuredDevice(found, 'front', 'printer', advice)).toBe(found);
  });

  it('refuses a named device that is not configured, pointing at the deviceId argument', () => {
    const refusal = (() => {
      try {
        return configuredDevice(undefined, 'nope', 'printer', advice);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(LaneError);
    expect(refusal).toMatchObject({ kind: 'refused', message: 'No printer "nope" is configured.', field: 'deviceId' });
  });

  it('refuses when none of the kind is configured, with the advice and no argument blamed', () => {
    expect(() => configuredDevice(undefined, undefined, 'card reader', advice)).toThrow(
      expect.objectContaining({
        kind: 'refused',
        message: 'No card reader is configured: add one under Devices in the settings.',
        field: undefined,
      }),
    );
  });
});
