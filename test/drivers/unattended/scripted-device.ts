import { createMemoryPair } from '../../../drivers/transport/memory';
import { encodePaeFrame, PaeFrameReader, type PaeFrame } from '../../../drivers/unattended/frame';
import { UnattendedPaymentDevice } from '../../../drivers/unattended/unattended-device';
import { ManualClock } from '../../support/manual-clock';

/** A sale of 5.00 on the kiosk. */
export const request = { orderId: 'LANE01-260101-7', amountMinor: 500, paymentType: 'sale', user: 'Kiosk' } as const;

/** A driver on a memory link whose far end the test answers frame by frame, written by hand. */
export async function scripted() {
  const clock = new ManualClock();
  const { host, device } = createMemoryPair('PAE');
  await device.open();
  const commands: PaeFrame[] = [];
  const reader = new PaeFrameReader();
  device.on('data', (chunk) => commands.push(...reader.push(chunk).frames));
  const terminal = new UnattendedPaymentDevice(host, { clock, replyTimeoutMs: 5000, paymentTimeoutMs: 60_000 });
  const errors: Error[] = [];
  terminal.on('error', (error) => errors.push(error));
  await terminal.open();
  const answer = (key: PaeFrame['key'], code: string, data = '') =>
    device.write(Buffer.from(encodePaeFrame({ key, type: 'RESP', code, data })));
  const raw = (text: string) => device.write(Buffer.from(text, 'latin1'));
  return { clock, host, device, commands, terminal, errors, answer, raw };
}
