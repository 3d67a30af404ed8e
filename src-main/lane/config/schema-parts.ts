/** The pieces several settings sections are built from (schema.ts, kiosk-settings.ts), so each words its errors alike. */
import { z } from 'zod';

/** An integer setting within its bounds, its error naming them. */
export const integerFrom = (min: number, max: number) => {
  const error = `expected an integer from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** A serial port setting: the port, its speed (the device's own default) and parity. */
export const serialPortWith = (defaultBaudRate: 9600 | 19200 | 38400 | 115200) =>
  z
    .strictObject({
      path: z
        .string({ error: 'expected the port, e.g. /dev/ttyUSB0 or COM3' })
        .min(1)
        .describe('The serial port: `/dev/ttyUSB0`, `/dev/ttyACM0`, `COM3`.'),
      baudRate: z
        .union([z.literal(9600), z.literal(19200), z.literal(38400), z.literal(57600), z.literal(115200)], {
          error: 'expected 9600, 19200, 38400, 57600 or 115200',
        })
        .default(defaultBaudRate)
        .describe('The line speed in baud; the default is the device\u2019s own.'),
      parity: z
        .enum(['none', 'even', 'odd'], { error: 'expected "none", "even" or "odd"' })
        .default('none')
        .describe('The parity bit.'),
    })
    .describe('The serial port and its line settings.');

/** A section that is not an object. */
export const asSection = { error: 'expected an object' } as const;
