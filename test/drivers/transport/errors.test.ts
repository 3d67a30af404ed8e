import { describe, expect, it } from 'vitest';
import {
  TransportError,
  transportErrorKind,
  transportFailure,
  transportProblemWords,
} from '../../../drivers/transport/errors';

const withCode = (code: string) => Object.assign(new Error(`${code}: something`), { code });

describe('transportErrorKind', () => {
  it.each([
    [withCode('ENOENT'), 'not-found'],
    [withCode('ENODEV'), 'not-found'],
    [withCode('EACCES'), 'permission'],
    [withCode('EPERM'), 'permission'],
    [withCode('EBUSY'), 'busy'],
    [withCode('EIO'), 'disconnected'],
    [withCode('ECONNREFUSED'), 'not-found'],
    // serialport and node-hid give words, not codes.
    [new Error('Error: No such file or directory, cannot open /dev/ttyUSB0'), 'not-found'],
    [new Error('Error: Permission denied, cannot open /dev/ttyS0'), 'permission'],
    [new Error('Error Resource temporarily unavailable Cannot lock port'), 'busy'],
    [new Error('cannot open device with path /dev/hidraw9'), 'not-found'],
    [new Error('could not read from HID device'), 'disconnected'],
    [new Error('Inappropriate ioctl for device setting custom baud rate of 9600'), 'failed'],
    ['a thrown string', 'failed'],
    [new TransportError('busy', 'already a kind'), 'busy'],
  ] as const)('%s is %s', (error, kind) => {
    expect(transportErrorKind(error)).toBe(kind);
  });

  it('keeps the cause and names what failed', () => {
    const cause = withCode('EACCES');
    const failure = transportFailure('Cannot open /dev/ttyS0 at 9600 baud', cause);
    expect(failure).toMatchObject({
      kind: 'permission',
      message: 'Cannot open /dev/ttyS0 at 9600 baud: EACCES: something',
      cause,
    });
  });

  it('has words for every kind', () => {
    expect(Object.keys(transportProblemWords).sort()).toEqual([
      'busy',
      'disconnected',
      'failed',
      'not-found',
      'not-open',
      'permission',
    ]);
  });
});
