import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Core } from '../../../src-main/lane/core/core';
import type { LookupResult } from '../../../src-main/lane/ipc/contract';

/** What the built-in gateway holds for an order id, asked over HTTP through the lane's own lookup. */
export async function gatewayRecords(core: Core, orderId: string): Promise<LookupResult['gateway']> {
  const reply = await core.dispatch('terminal.lookup', { orderId });
  if (!reply.ok) throw new Error(reply.error.message);
  return (reply.result as LookupResult).gateway;
}

/** Waits until the training pad is connected, so a sale asks for the signature on it. */
export async function padReady(core: Core): Promise<void> {
  await expect.poll(() => core.devices.list('signature-pad')[0]?.status).toBe('connected');
}

/** The order id of the sale on the result screen, as the cashier reads it there. */
export async function shownOrderId(page: Page): Promise<string> {
  return (
    await page
      .getByText(/^LANE01-/)
      .first()
      .innerText()
  ).trim();
}
