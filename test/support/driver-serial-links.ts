import { afterEach } from 'vitest';
import { SerialTransport, type SerialOptions } from '../../drivers/transport/serial';
import { PtyPair } from './pty-pair';

/** The two ends of a pseudo-terminal pair as serial ports: `host` for the code under test, `device` for the emulated peer. */
export interface SerialLink {
  readonly pair: PtyPair;
  readonly host: SerialTransport;
  readonly device: SerialTransport;
}

/**
 * Real serial links for the tests of one file or describe block, over socat pseudo-terminal
 * pairs. Call it there: it registers an afterEach that closes every port it made, then stops
 * every pair, so a failing test leaves no socat or open port behind.
 */
export function serialLinks() {
  const pairs: PtyPair[] = [];
  const ports: SerialTransport[] = [];
  afterEach(async () => {
    await Promise.all(ports.splice(0).map((port) => port.close()));
    await Promise.all(pairs.splice(0).map((pair) => pair.stop()));
  });

  /** A serial port on `path`, not yet open, closed after the test. */
  const port = (path: string, options: Omit<SerialOptions, 'path'>): SerialTransport => {
    const made = new SerialTransport({ path, ...options });
    ports.push(made);
    return made;
  };
  /** A started pair, stopped after the test. */
  const pair = async (): Promise<PtyPair> => {
    const started = await new PtyPair().start();
    pairs.push(started);
    return started;
  };
  /** A pair whose device end is open, for an emulated peer; the code under test opens `pair.host` itself. */
  const deviceEnd = async (options: Omit<SerialOptions, 'path'>): Promise<Omit<SerialLink, 'host'>> => {
    const started = await pair();
    const device = port(started.device, options);
    await device.open();
    return { pair: started, device };
  };
  /** A pair with a port on each end, both with `options`; the device end is open, the host end not yet. */
  const link = async (options: Omit<SerialOptions, 'path'>): Promise<SerialLink> => {
    const { pair: started, device } = await deviceEnd(options);
    return { pair: started, host: port(started.host, options), device };
  };
  return { port, pair, deviceEnd, link };
}
