import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayHooks } from '../../stand-ins/boarding-emulator/gateway-link';
import { startBoardingEmulator, type RunningBoardingEmulator } from '../../stand-ins/boarding-emulator/server';
import { startEmulator } from '../../stand-ins/gateway-emulator/server';
import { loadOrCreateTrainingWalletKeys } from '../../stand-ins/training-wallet/training-keys';
import type { CliIo } from './io';

/** Prints the boarding emulator's URL and the API user and registration it accepts, as shell lines. */
function printBoarding(io: CliIo, emulator: RunningBoardingEmulator): void {
  const { username, password, clientId, clientSecret } = emulator.credentials;
  io.stdout(
    `Boarding emulator at ${emulator.url} (API and auth root alike; BOARDED merchants reach the gateway above)`,
  );
  io.stdout('API user and registration (training only):');
  io.stdout(`  LANEPOINT_BOARDING_URL=${emulator.url}`);
  io.stdout(`  LANEPOINT_BOARDING_USER=${username}`);
  io.stdout(`  LANEPOINT_BOARDING_PASSWORD=${password}`);
  io.stdout(`  LANEPOINT_BOARDING_CLIENT_ID=${clientId}`);
  io.stdout(`  LANEPOINT_BOARDING_CLIENT_SECRET=${clientSecret}`);
  io.stdout(
    `Templates ${emulator.store.config.templateIds.join(', ')}; sales codes ${emulator.store.config.salesCodes.join(', ')}`,
  );
}

/**
 * `lanepoint emulator [--port N] [--wallet-keys DIR] [--boarding [--boarding-port N]]`: the gateway emulator on
 * 127.0.0.1, printing its base URL and the merchants and credentials it accepts, until Ctrl+C or
 * SIGTERM. With --boarding the boarding emulator runs beside it in this process, linked by its
 * hooks: a merchant it boards is served by this gateway, its billing plans charge this gateway's
 * stored profiles (docs/adr/030). With --wallet-keys its tokenizer trusts the training wallet
 * keys kept in that folder (a training lane's app-data folder; made there when missing, as the
 * lane makes them), so a lane training against this emulator can take phone payments.
 */
export async function runEmulatorCommand(
  io: CliIo,
  options: {
    port?: number;
    plain?: boolean;
    unlimited?: boolean;
    db?: string;
    tls?: boolean;
    walletKeys?: string;
    boarding?: { port?: number };
  },
): Promise<number> {
  const keys = options.walletKeys ? loadOrCreateTrainingWalletKeys(options.walletKeys, Date.now()) : undefined;
  const emulator = await startEmulator({
    ...(keys ? { wallet: { merchant: keys.merchant, anchors: [keys.root], ecV2: keys.ecV2.recipient } } : {}),
    port: options.port ?? 0,
    realism: !options.plain,
    rateLimit: !options.unlimited,
    ...(options.db ? { databasePath: options.db } : {}),
    tls: options.tls === true,
  });
  const { config } = emulator.context;
  io.stdout(`Gateway emulator (site ${config.site}) at ${emulator.url}${options.plain ? ' (plain answers)' : ''}`);
  if (options.db) io.stdout(`Keeping transactions in ${options.db}`);
  if (options.walletKeys) io.stdout(`The tokenizer trusts the training wallet keys in ${options.walletKeys}`);
  if (emulator.certificate) {
    const pemPath = join(tmpdir(), `lanepoint-emulator-${emulator.port}.pem`);
    writeFileSync(pemPath, emulator.certificate.cert);
    io.stdout(`TLS certificate (trust it in the client): ${pemPath}`);
    io.stdout(`  SHA-256 fingerprint ${emulator.certificate.fingerprint256}`);
  }
  io.stdout('Credentials (Basic):');
  for (const credential of config.credentials) {
    const scope = credential.level === 'site' ? 'site level' : `merchant level, merchid ${credential.merchid}`;
    io.stdout(`  ${credential.username} / ${credential.password}   (${scope})`);
  }
  io.stdout('Merchants:');
  for (const merchant of config.merchants) {
    const state = merchant.enabled ? '' : ', disabled';
    io.stdout(
      `  ${merchant.merchid}  ${merchant.platform}  site ${merchant.site}${state}  ${merchant.receipt.dba}`.trimEnd(),
    );
  }
  const boarding = options.boarding
    ? await startBoardingEmulator({
        port: options.boarding.port ?? 0,
        hooks: gatewayHooks(emulator.boarding),
      }).catch(async (error: unknown) => {
        await emulator.close();
        throw error;
      })
    : undefined;
  if (boarding) printBoarding(io, boarding);
  const signal = await io.stopRequested;
  io.stderr(`${signal}: stopping the ${boarding ? 'boarding and gateway emulators' : 'gateway emulator'}`);
  await boarding?.close();
  await emulator.close();
  return 0;
}
