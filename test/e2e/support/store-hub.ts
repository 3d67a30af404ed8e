import { createServer } from 'node:net';
import { openBridgePage, type BridgePage } from '../../kills/bridge-page';
import { must, signIn, sleep } from '../../kills/run-kills';
import type { HubStatusView, SaleSummary, TerminalState } from '../../../src-main/lane/ipc/contract';
import { defaultBoardingCredentials } from '../../../src-main/stand-ins/boarding-emulator/emulator-config';
import { newApplicationArgs } from '../../support/backoffice';
import { moveBoardingClock, signAsOwner } from '../../support/boarding';
import { screenSignature } from '../../kills/plan';

/** A port nobody listens on now: the hub restarts on it, so the lanes' provisioned URL stays right. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Boards a store through the back office's own commands (as its screens send them): an
 * application, its store number, the owner's signature, then the boarding service's clock moved
 * past its review. Returns the gateway merchant id lanes sell under.
 */
export async function boardThroughBackoffice(backofficeUrl: string, boardingUrl: string): Promise<string> {
  const office = await openBridgePage(backofficeUrl);
  try {
    const { merchantId } = must(
      await office.call<{ merchantId: string }>('applications.create', newApplicationArgs('Hub Street Market')),
      'applications.create',
    );
    must(
      await office.call('applications.setCustomFields', {
        merchantId,
        customFields: [{ userFieldNumber: 1, customFieldValue: '42' }],
      }),
      'applications.setCustomFields',
    );
    const { signatureUrl } = must(
      await office.call<{ signatureUrl: string }>('signature.request', { merchantId }),
      'signature.request',
    );
    const signed = await signAsOwner(signatureUrl);
    if (!signed.ok) throw new Error(`the owner could not sign: HTTP ${signed.status}`);
    for (let round = 0; round < 120; round++) {
      await moveBoardingClock(boardingUrl, defaultBoardingCredentials, 20_000);
      const application = must(
        await office.call<{ gatewayStatus: string; gatewayMerchantId?: string }>('applications.get', { merchantId }),
        'applications.get',
      );
      if (application.gatewayStatus === 'BOARDED' && application.gatewayMerchantId)
        return application.gatewayMerchantId;
      await sleep(250);
    }
    throw new Error(`application ${merchantId} was not boarded`);
  } finally {
    office.close();
  }
}

/** A counter lane's page on the bridge, signed in, answering the reader and the signature as a cashier would. */
export async function counterPage(url: string, card = 'visa-approve'): Promise<BridgePage & { card: string }> {
  const page = Object.assign(await openBridgePage(url), { card });
  await signIn(page);
  page.onEvent(({ name, payload }) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card')
      void page.call('devices.presentTestCard', { cardId: page.card, method: 'insert' }).catch(() => undefined);
    if (name === 'signature.session' && (payload as { state: string }).state === 'capturing')
      void page.call('signature.submit', { signature: screenSignature }).catch(() => undefined);
  });
  return page;
}

/** One card sale at the counter, then the next customer; its summary. */
export async function cardSale(page: BridgePage, amountMinor: number): Promise<SaleSummary> {
  const summary = must(await page.call<SaleSummary>('terminal.sale', { amountMinor }), 'terminal.sale');
  must(await page.call('terminal.newSale', {}), 'terminal.newSale');
  return summary;
}

/** Waits until the lane says the hub holds every event it wrote (after restarts and back-offs). */
export async function drained(page: BridgePage, timeoutMs = 60_000): Promise<HubStatusView> {
  const until = Date.now() + timeoutMs;
  let status: HubStatusView | null = null;
  while (Date.now() < until) {
    status = must(await page.call<HubStatusView | null>('hub.status', {}), 'hub.status');
    if (status?.state === 'connected' && status.behind === 0) return status;
    await sleep(200);
  }
  throw new Error(`the lane's outbox did not drain: ${JSON.stringify(status)}`);
}

/** The hub's manager API with the admin key. */
export function hubAdmin(url: string, adminKey: string) {
  const send = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`hub ${method} ${path}: HTTP ${answer.status} ${text}`);
    return (answer.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  };
  return {
    get: <T>(path: string) => send<T>('GET', path),
    post: <T>(path: string, body: unknown) => send<T>('POST', path, body),
  };
}
