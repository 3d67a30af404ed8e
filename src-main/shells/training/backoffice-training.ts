/**
 * Training's back ends, started in the back office's own process: the boarding emulator and
 * the gateway emulator the provisioned lanes sell through, linked (docs/adr/030) so a merchant
 * that reaches BOARDED is sellable on that gateway and billing plans are charged there.
 */
import type { TrainingBackends } from '../../backoffice/backoffice';
import { gatewayHooks } from '../../stand-ins/boarding-emulator/gateway-link';
import { startBoardingEmulator, type BoardingEmulatorOptions } from '../../stand-ins/boarding-emulator/server';
import { startEmulator } from '../../stand-ins/gateway-emulator/server';

/** Starts both emulators on free loopback ports. */
export async function startTrainingBackends(
  options: Pick<BoardingEmulatorOptions, 'clock' | 'timings' | 'tickMs'> = {},
): Promise<TrainingBackends> {
  const gateway = await startEmulator({ port: 0 });
  let boarding;
  try {
    boarding = await startBoardingEmulator({ port: 0, ...options, hooks: gatewayHooks(gateway.boarding) });
  } catch (error) {
    await gateway.close();
    throw error;
  }
  const { username, password, clientId, clientSecret } = boarding.credentials;
  return {
    boardingUrl: boarding.url,
    credentials: { username, password, clientId, clientSecret },
    gatewayUrl: gateway.url,
    templateIds: boarding.store.config.templateIds,
    salesCodes: boarding.store.config.salesCodes,
    advance: (ms) => boarding.advance(ms),
    async close() {
      await boarding.close();
      await gateway.close();
    },
  };
}
