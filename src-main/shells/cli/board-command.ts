import { createBoardingClient } from '../../backoffice/boarding/client';
import { BoardingError } from '../../backoffice/boarding/errors';
import type { CliIo } from './io';
import { UsageError } from './usage';

export type BoardSubcommand = 'status' | 'signature' | 'orders';
export const boardSubcommands: readonly BoardSubcommand[] = ['status', 'signature', 'orders'];

/** Flags override the environment; the secret comes from the environment only, never argv. */
export interface BoardFlags {
  readonly url?: string;
  readonly authUrl?: string;
  readonly user?: string;
  readonly clientId?: string;
}

const env = {
  url: 'LANEPOINT_BOARDING_URL',
  authUrl: 'LANEPOINT_BOARDING_AUTH_URL',
  user: 'LANEPOINT_BOARDING_USER',
  password: 'LANEPOINT_BOARDING_PASSWORD',
  clientId: 'LANEPOINT_BOARDING_CLIENT_ID',
  clientSecret: 'LANEPOINT_BOARDING_CLIENT_SECRET',
} as const;

function required(value: string | undefined, what: string, name: string): string {
  if (!value)
    throw new UsageError(
      `board needs ${what}: set ${name}${name.endsWith('SECRET') || name.endsWith('PASSWORD') ? '' : ' or pass the flag'}`,
    );
  return value;
}

/**
 * `lanepoint board status|signature|orders <merchantId>` for store IT: the boarding and gateway
 * status, the owner's signing link, the merchant's orders. Credentials come from the environment
 * (the password and secret never on the command line, where other users could read them).
 */
export async function runBoardCommand(
  io: CliIo,
  subcommand: string | undefined,
  merchantId: string | undefined,
  flags: BoardFlags,
): Promise<number> {
  if (!subcommand || !boardSubcommands.includes(subcommand as BoardSubcommand)) {
    throw new UsageError(
      `board takes a subcommand: ${boardSubcommands.join(', ')}, e.g. lanepoint board status 4000000001`,
    );
  }
  if (!merchantId)
    throw new UsageError(`board ${subcommand} takes a merchant id, e.g. lanepoint board ${subcommand} 4000000001`);
  if (!/^\d{1,19}$/.test(merchantId)) throw new UsageError(`"${merchantId}" is not a merchant id: 1 to 19 digits`);
  const apiUrl = required(flags.url ?? io.env[env.url], 'the boarding URL', env.url);
  const authUrl = flags.authUrl ?? io.env[env.authUrl];
  const credentials = {
    username: required(flags.user ?? io.env[env.user], 'the API user', env.user),
    password: required(io.env[env.password], 'the API password', env.password),
    clientId: flags.clientId ?? io.env[env.clientId] ?? 'merchapi',
    clientSecret: required(io.env[env.clientSecret], 'the client secret', env.clientSecret),
  };
  let client;
  try {
    client = createBoardingClient({ apiUrl, ...(authUrl ? { authUrl } : {}), credentials });
  } catch (error) {
    if (error instanceof BoardingError) throw new UsageError(error.message);
    throw error;
  }
  try {
    if (subcommand === 'status') {
      const status = await client.merchants.status(merchantId);
      io.stdout(
        `merchant ${merchantId}: ${status.boardingProcessStatusCd}, gateway ${status.gatewayBoardingStatusCd}${status.boardingProcessPendingFlg ? ' (in progress)' : ''}`,
      );
      for (const [label, value] of [
        ['approved', status.approvedDatetime],
        ['boarded', status.boardedDatetime],
        ['live', status.liveDatetime],
        ['declined', status.declinedDatetime],
        ['cancelled', status.cancelledDatetime],
      ] as const) {
        if (value) io.stdout(`  ${label.padEnd(10)}${value}`);
      }
      return 0;
    }
    if (subcommand === 'signature') {
      const signature = await client.signature.status(merchantId);
      io.stdout(`merchant ${merchantId}: signature ${signature.signatureStatusCd}`);
      if (signature.signatureUrl) io.stdout(signature.signatureUrl);
      if (signature.signatureStatusCd === 'NOT_SENT')
        io.stdout('  no link yet: the application has not been sent for signing');
      if (signature.signedDateTime)
        io.stdout(
          `  signed ${signature.signedDateTime}${signature.signer ? ` by ${signature.signer.firstName ?? ''} ${signature.signer.lastName ?? ''}`.trimEnd() : ''}`,
        );
      return 0;
    }
    const orders = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await client.orders.list(merchantId, { pageNumber, pageSize: 100 });
      orders.push(...page.rows);
      if (!page.moreRowsAvailable || page.rows.length === 0) break;
    }
    io.stdout(`merchant ${merchantId}: ${orders.length} order${orders.length === 1 ? '' : 's'}`);
    for (const order of orders) {
      const tracking = order.shippingDetails?.trackingNumber
        ? `  tracking ${order.shippingDetails.trackingNumber}`
        : '';
      io.stdout(
        `  ${String(order.orderId).padEnd(10)}${order.orderStatusCd.padEnd(12)}equipment ${order.equipmentId} x${order.quantity}${tracking}`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BoardingError) {
      io.stderr(`lanepoint: board ${subcommand}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
