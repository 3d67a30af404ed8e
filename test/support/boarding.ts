import { clockFrom, systemClock } from '../../src-main/platform/clock';
import {
  startBoardingEmulator,
  tokenRoute,
  type BoardingEmulatorOptions,
  type RunningBoardingEmulator,
} from '../../src-main/stand-ins/boarding-emulator/server';
import { createBoardingClient, type BoardingClient } from '../../src-main/backoffice/boarding/client';
import type { BoardingClientOptions } from '../../src-main/backoffice/boarding/settings';
import type { Merchant, OrderRequest } from '../../src-main/reference/boarding-wire';

/** A clock a test moves by hand; the emulator and the client read the same one. */
export function handClock(start = Date.UTC(2025, 2, 3, 9, 0, 0)) {
  let now = start;
  // Wall time moves by hand; call timeouts stay on the process's timers, as they always ran.
  return {
    ...clockFrom({ now: () => now, setTimer: systemClock.setTimer }),
    advance: (ms: number) => void (now += ms),
  };
}

/** The developer guide's minimal application, with a dba name of the test's choosing. */
export function minimalMerchant(dbaName = 'The Card Shoppe'): Merchant {
  const address = {
    address1: '123 Fake Street',
    address2: 'Suite 300',
    city: 'Keystone',
    stateCd: 'CO',
    zip: '80435',
    countryCd: 'US',
  };
  const bank = (bankName: string) => ({
    bankAcctNum: '123456789',
    bankRoutingNum: '987654321',
    bankAcctTypeCd: 'BIZ',
    bankName,
  });
  return {
    salesCode: 'LPTRAIN',
    dbaName,
    legalBusinessName: `${dbaName} LLC`,
    taxFilingName: `${dbaName} LLC`,
    taxFilingMethod: 'EIN',
    demographic: { businessAddress: { ...address }, mailingAddress: { ...address } },
    ownership: {
      owner: {
        ownerAddress: { ...address, address1: '1 Imaginary Lane' },
        ownerEmail: 'owner@example.com',
        ownerName: 'Forename Surname',
        ownerPhone: '555-123-4567',
        ownerTitle: 'CEO',
      },
      driversLicenseNumber: '123456789',
      driversLicenseStateCd: 'CO',
    },
    bankDetail: { depositBank: bank('Deposit Bank'), withdrawalBank: bank('Withdrawal Bank') },
  };
}

export function sampleOrder(merchantId: string, changes: Partial<OrderRequest> = {}): OrderRequest {
  return {
    merchantId: Number(merchantId),
    equipmentId: 101,
    quantity: 2,
    unitPrice: 349,
    billToCd: 'CUST',
    billingFrequencyCd: 'ONETIME',
    shippingDetails: {
      shippingAddress: { address1: '123 Fake Street', city: 'Keystone', stateCd: 'CO', zip: '80435', countryCd: 'US' },
      shipToAttn: 'Store IT',
      shippingMethodCd: 'STANDARD',
    },
    ...changes,
  };
}

export interface BoardingPair {
  readonly emulator: RunningBoardingEmulator;
  readonly client: BoardingClient;
  readonly clock: ReturnType<typeof handClock>;
}

/** An emulator and a client on one hand-moved clock, over real HTTP. */
export async function startBoardingPair(
  emulatorOptions: BoardingEmulatorOptions = {},
  clientOptions: Partial<BoardingClientOptions> = {},
): Promise<BoardingPair> {
  const clock = handClock();
  const emulator = await startBoardingEmulator({ clock, tickMs: 0, ...emulatorOptions });
  const { username, password, clientId, clientSecret } = emulator.credentials;
  const client = createBoardingClient({
    apiUrl: emulator.url,
    credentials: { username, password, clientId, clientSecret },
    clock,
    ...clientOptions,
  });
  return { emulator, client, clock };
}

/** Signs on the emulator's page as the owner would: GET the form, POST it back. */
export async function signAsOwner(signatureUrl: string, fields: Record<string, string> = {}): Promise<Response> {
  const page = await fetch(signatureUrl);
  if (!page.ok) return page;
  const action = /action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const form = new URLSearchParams({
    firstName: 'Forename',
    lastName: 'Surname',
    email: 'owner@example.com',
    agree: '1',
    ...fields,
  });
  return fetch(new URL(action, signatureUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

/** The boarding emulator's own clock control, over HTTP with the registration's Basic credentials. */
export async function moveBoardingClock(
  url: string,
  registration: { clientId: string; clientSecret: string },
  advanceMs: number,
): Promise<void> {
  const basic = Buffer.from(`${registration.clientId}:${registration.clientSecret}`).toString('base64');
  const response = await fetch(`${url}/__emulator/clock`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  if (response.status !== 200) throw new Error(`the boarding clock did not move: HTTP ${response.status}`);
}

/** An application created, its store number filled and signed by the owner; returns its merchant id. */
export async function signedApplication(client: BoardingClient, dbaName: string): Promise<string> {
  const merchantId = await client.merchants.create(999, minimalMerchant(dbaName));
  await client.customFields.update(merchantId, [{ userFieldNumber: 1, customFieldValue: '0042' }]);
  const signed = await signAsOwner(await client.signature.request(merchantId));
  if (signed.status !== 200) throw new Error(`the owner could not sign: HTTP ${signed.status}`);
  return merchantId;
}

/** The gateway merchant id the service gave a merchant (undefined before BOARDED). */
export async function frontEndMidOf(client: BoardingClient, merchantId: string): Promise<string | undefined> {
  const record = await client.merchants.get(merchantId);
  return (record.merchant.processing as { platformDetails?: { frontEndMid?: string } } | undefined)?.platformDetails
    ?.frontEndMid;
}

/** The password grant against a boarding emulator with its own credentials (and `password`, when given): the raw answer. */
export function passwordGrant(
  emulator: RunningBoardingEmulator,
  password = emulator.credentials.password,
): Promise<Response> {
  const { username, clientId, clientSecret } = emulator.credentials;
  return fetch(`${emulator.url}${tokenRoute}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      client_secret: clientSecret,
      username,
      password,
    }).toString(),
  });
}
