import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../emulator/server';
import type { CliIo } from './io';

/**
 * `lanepoint emulator [--port N]`: the gateway emulator on 127.0.0.1, printing its base URL
 * and the merchants and credentials it accepts, until Ctrl+C or SIGTERM.
 */
export async function runEmulatorCommand(
  io: CliIo,
  options: { port?: number; plain?: boolean; unlimited?: boolean; db?: string; tls?: boolean },
): Promise<number> {
  const emulator = await startEmulator({
    port: options.port ?? 0,
    realism: !options.plain,
    rateLimit: !options.unlimited,
    ...(options.db ? { databasePath: options.db } : {}),
    tls: options.tls === true,
  });
  const { config } = emulator.context;
  io.stdout(`Gateway emulator (site ${config.site}) at ${emulator.url}${options.plain ? ' (plain answers)' : ''}`);
  if (options.db) io.stdout(`Keeping transactions in ${options.db}`);
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
  const signal = await io.stopRequested;
  io.stderr(`${signal}: stopping the gateway emulator`);
  await emulator.close();
  return 0;
}
