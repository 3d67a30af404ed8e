import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { listen } from '../../platform/http/inbound';
import { BadRequest, type EmulatorAnswer } from './emulator-context';

/**
 * The "network down" fault: `PUT /__emulator/network {"down": true, "seconds": N}`. Over HTTP
 * the fault must end by itself (nothing could reach the emulator to restore it); in the same
 * process `restore()` ends it early.
 */
export const networkFaultSchema = z.strictObject({
  down: z.literal(true),
  /** How long the emulator stays unreachable: 1 s to 10 minutes. */
  seconds: z.number().positive().max(600),
});

export interface NetworkState {
  readonly down: boolean;
  /** When (the emulator clock's `now`) it listens again by itself, while down. */
  readonly until: number | undefined;
}

export interface NetworkSwitch {
  /**
   * The network goes down: the listening socket closes, so a new connection is refused, and
   * every open connection is cut (a request under way loses its answer, as on a real outage).
   * `spare` is a connection left to finish its answer (the admin request that asked for it).
   * With `ms` the emulator listens again on the same port by itself after that long.
   */
  down(ms?: number, spare?: Socket): void;
  /** Listens again on the same port; resolves once connections are taken. */
  restore(): Promise<void>;
  state(): NetworkState;
  /** The emulator is closing: an outage's timer never listens again. */
  dispose(): void;
}

/** The switch over the emulator's server, listening on `host`:`port` when up. */
export function createNetworkSwitch(
  server: Server,
  address: { readonly host: string; readonly port: number },
  clock: Pick<Clock, 'now' | 'setTimer'>,
): NetworkSwitch {
  const sockets = new Set<Socket>();
  // Over TLS the request's socket is the TLS one, which is what an admin request is spared by.
  const connected = 'setSecureContext' in server ? 'secureConnection' : 'connection';
  server.on(connected, (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let current: { until: number | undefined; cancel: () => void; back: Promise<void> | undefined } | undefined;
  let disposed = false;

  const restore = async () => {
    const outage = current;
    if (!outage || disposed) return;
    outage.cancel();
    outage.back ??= listen(server, address.port, address.host).then(
      () => {
        if (current === outage) current = undefined;
      },
      (error: unknown) => {
        outage.back = undefined;
        throw error;
      },
    );
    await outage.back;
  };
  /** The timed end of an outage: a port taken meanwhile is tried again each second. */
  const restoreWhenDue = () =>
    void restore().catch(() => {
      if (current) current.cancel = clock.setTimer(restoreWhenDue, 1_000, { unref: true });
    });

  return {
    down(ms, spare) {
      if (current) return;
      current = { until: ms === undefined ? undefined : clock.now() + ms, cancel: () => undefined, back: undefined };
      server.close();
      for (const socket of sockets) if (socket !== spare) socket.destroy();
      if (ms !== undefined) current.cancel = clock.setTimer(restoreWhenDue, ms, { unref: true });
    },
    restore,
    state: () => ({ down: current !== undefined, until: current?.until }),
    dispose() {
      disposed = true;
      current?.cancel();
    },
  };
}

/**
 * The admin control: the answer goes back first on a connection that then closes
 * (`Connection: close`), and the network goes down as it is sent.
 */
export function networkControl(network: () => NetworkSwitch, readBody: (request: IncomingMessage) => Promise<unknown>) {
  return async (request: IncomingMessage): Promise<EmulatorAnswer> => {
    const parsed = networkFaultSchema.safeParse(await readBody(request));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BadRequest(`${issue?.path.join('.') || 'network'}: ${issue?.message ?? 'invalid'}`);
    }
    network().down(parsed.data.seconds * 1000, request.socket);
    return { status: 200, body: network().state(), headers: { Connection: 'close' } };
  };
}
