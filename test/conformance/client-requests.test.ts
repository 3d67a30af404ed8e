import { noWaitClock } from '../support/no-wait-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatedEncryptingReader, clearTracks } from '../../src-main/stand-ins/devices/encrypting-reader';
import { startEmulator, type RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient, type GatewayClient } from '../../src-main/lane/gateway/client';
import { emulatedVisa } from '../support/cards';
import { emulatorAdmin } from '../support/emulator-admin';
import { loadGatewayReference, referenceMissing, type GatewayReference } from '../support/gateway-reference';
import { achAuthorizationFields } from '../../src-main/lane/gateway/ach';
import { achSale } from '../support/gateway-requests';
import { loadRequestLineChecker, type RequestLineChecker } from '../support/gateway-request-line';
import {
  allowedByReference,
  recordingRelay,
  referenceRestRoot,
  type RecordedRequest,
} from '../support/recording-relay';
import { laneUserfields } from '../../src-main/lane/payment/authorize/lane-facts';

/**
 * Issue 17, "Proof": the client's requests, captured on the wire, validate against the request
 * schemas of the gateway's OpenAPI file. The client talks to a recording server at the REST root
 * the reference names (`/cardconnect/rest`, no closing slash, as store IT enters it), which hands
 * each request on to the emulator so every flow runs for real (a capture needs a real retref).
 * The body check is closed: a field the reference does not declare is named as a problem.
 */

const missing = referenceMissing();
// Locally a missing reference skips with its reason as the suite's name; in CI the suite runs
// and fails on the missing file, so the proof cannot quietly vanish.
const skipped = missing !== undefined && !process.env.CI;
const suiteName = skipped
  ? `the client’s requests against the gateway’s OpenAPI file (skipped: ${missing})`
  : 'the client’s requests against the gateway’s OpenAPI file';
const suite = skipped ? describe.skip : describe;

type Recorded = RecordedRequest;

const merchid = '496160873888';
const laneStyle = 'auth lane-style keyed: termid, userfields, postal and address';

/** inquireByOrderid across the site: the OpenAPI's `set` says "omit this parameter" to search every MID. */
function withoutSetAllowed(call: Recorded): boolean {
  return call.label === 'inquireByOrderid (site)' && /\/inquireByOrderid\/[^/]+\/[^/]+$/.test(call.url.split('?')[0]!);
}

suite(suiteName, () => {
  let emulator: RunningEmulator;
  let relay: Awaited<ReturnType<typeof recordingRelay>>;
  let client: GatewayClient;
  let reference: GatewayReference;
  let requestLine: RequestLineChecker;
  let current = '';

  /** Runs one operation under a label; the answer does not matter here, only what went out. */
  const as = async <T>(label: string, run: () => Promise<T>): Promise<T | undefined> => {
    current = label;
    try {
      return await run();
    } catch {
      return undefined;
    }
  };

  beforeAll(async () => {
    reference = loadGatewayReference();
    requestLine = loadRequestLineChecker();
    emulator = await startEmulator({ realism: false });
    relay = await recordingRelay(emulator.url, () => current);
    client = createGatewayClient({
      baseUrl: relay.baseUrl,
      credentials: { level: 'site', username: 'testing', password: 'testing123' },
      clock: noWaitClock,
    });

    const reader = new EmulatedEncryptingReader();
    const keyed = await as('auth keyed with cvv2', () =>
      client.auth({
        merchid,
        amount: 1304,
        account: '4788250000121443',
        expiry: '1228',
        cvv: '112',
        postal: '55555',
        name: 'PAT DOE',
        orderid: 'CONF-KEYED-0001',
        receipt: true,
        tokenize: true,
      }),
    );
    await as('auth swipe (clear track 2)', () =>
      client.auth({
        merchid,
        amount: 500,
        track: `;${clearTracks(emulatedVisa).track2.replace(/^;/, '')}`,
        orderid: 'CONF-SWIPE-0001',
      }),
    );
    await as('auth swipe (encrypted record)', () =>
      client.auth({ merchid, amount: 600, track: reader.swipe(emulatedVisa), capture: true }),
    );
    await as('auth EMV (chip record)', () =>
      client.auth({ merchid, amount: 2499, track: reader.chip(emulatedVisa, 2499), receipt: true, capture: true }),
    );
    await as('auth token', () =>
      client.auth({ merchid, amount: 700, account: keyed?.token ?? '9478825000121443', expiry: '1228', bin: true }),
    );
    const created = await as('auth profile create', () =>
      client.auth({ merchid, amount: 0, account: '5454545454545454', expiry: '1228', profile: 'Y' }),
    );
    // Cards on file (ADR 089): the card saved with the customer's consent, then charged by who started it.
    const consented = await as('auth profile create with cofpermission', () =>
      client.auth({
        merchid,
        amount: 2500,
        account: '4788250000121443',
        expiry: '1228',
        capture: true,
        profile: 'Y',
        cofpermission: 'Y',
      }),
    );
    const onFile = `${consented?.profileid ?? '12345678901234567890'}/${consented?.acctid ?? '1'}`;
    await as('auth profile use, customer-initiated (cof C)', () =>
      client.auth({ merchid, amount: 1200, profile: onFile, capture: true, cof: 'C', cofscheduled: 'N' }),
    );
    await as('auth profile use, scheduled (cof M, ecomind R)', () =>
      client.auth({ merchid, amount: 900, profile: onFile, capture: true, cof: 'M', cofscheduled: 'Y', ecomind: 'R' }),
    );
    await as('auth profile use', () =>
      client.auth({
        merchid,
        amount: 800,
        profile: `${created?.profileid ?? '12345678901234567890'}/${created?.acctid ?? '1'}`,
      }),
    );
    await as('auth capture flag with Level 2/3 and userfields', () =>
      client.auth({
        merchid,
        amount: 1304,
        account: '4788250000121443',
        expiry: '1228',
        capture: true,
        taxexempt: false,
        userfields: [{ lane: '3' }, { shift: 'am' }],
        captureDetails: {
          ponumber: 'PO-1',
          taxamnt: 104,
          items: [
            { description: 'Widget', quantity: 2, netamnt: 1000, taxamnt: 80, taxexempt: false },
            { description: 'Gadget', quantity: 1, netamnt: 300, taxamnt: 24, discamnt: 100 },
          ],
        },
      }),
    );
    await as('auth userfields object', () =>
      client.auth({ merchid, amount: 100, account: '4788250000121443', expiry: '1228', userfields: { lane: '3' } }),
    );
    // What the lane sends on a keyed counter sale (ADR 088): its termid, its own facts as
    // userfields (built by the lane's function), and the keyed card's billing address.
    await as(laneStyle, () =>
      client.auth({
        merchid,
        amount: 1500,
        account: '4788250000121443',
        expiry: '1228',
        cvv: '123',
        postal: '55112',
        address: '1000 Continental Dr',
        termid: 'LAN00001',
        capture: true,
        receipt: true,
        orderid: 'CONF-LANE-0001',
        userfields: laneUserfields({ terminalId: 'LANE-01', cashier: '1001', shiftId: 3 }),
      }),
    );
    await as('auth ACH', () => client.auth({ ...achSale, merchid }));
    // A check taken at the counter, as the lane sends it: PPD, the customer's written consent (ADR 091).
    await as('auth ACH at the counter (ecomind B)', () =>
      client.auth({
        merchid,
        amount: 2500,
        ...achAuthorizationFields({
          routing: '011401533',
          account: '1234567890',
          accountType: 'savings',
          name: 'Pat Doe',
        }),
      }),
    );
    await as('auth forced sale (voice authcode)', () =>
      client.auth({
        merchid,
        amount: 4200,
        track: `;${clearTracks(emulatedVisa).track2.replace(/^;/, '')}`,
        authcode: 'VC4821',
        capture: true,
        orderid: 'CONF-FORCED-0001',
      }),
    );

    const toCapture = await as('(setup) auth to capture', () =>
      client.auth({ merchid, amount: 1304, account: '4788250000121443', expiry: '1228', orderid: 'CONF-CAPT-0001' }),
    );
    await as('capture with Level 2/3', () =>
      client.capture({
        merchid,
        retref: toCapture?.retref ?? '1',
        authcode: toCapture?.authcode ?? undefined,
        amount: 1304,
        ponumber: 'PO-1',
        taxamnt: 104,
        orderdate: '20261122',
        shiptozip: '55555',
        shiptocountry: 'US',
        items: [
          { description: 'Widget', quantity: 2, netamnt: 1000, taxamnt: 80 },
          { description: 'Gadget', quantity: 1, netamnt: 300, taxamnt: 24, discamnt: 100 },
        ],
      }),
    );
    const toVoid = await as('(setup) auth to void', () =>
      client.auth({ merchid, amount: 900, account: '4788250000121443', expiry: '1228', orderid: 'CONF-VOID-0001' }),
    );
    await as('void partial', () => client.void({ merchid, retref: toVoid?.retref ?? '1', amount: 100 }));
    await as('void', () => client.void({ merchid, retref: toVoid?.retref ?? '1' }));
    const toRefund = await as('(setup) auth to refund', () =>
      client.auth({ merchid, amount: 1000, account: '4788250000121443', expiry: '1228', capture: true }),
    );
    await emulatorAdmin(emulator.url).settle();
    await as('refund partial', () => client.refund({ merchid, retref: toRefund?.retref ?? '1', amount: 400 }));
    await as('refund', () => client.refund({ merchid, retref: toRefund?.retref ?? '1' }));
    await as('inquire', () => client.inquire({ merchid, retref: keyed?.retref ?? '1' }));
    await as('inquireByOrderid (merchant)', () => client.inquireByOrderid({ merchid, orderid: 'CONF-KEYED-0001' }));
    await as('inquireByOrderid (site)', () =>
      client.inquireByOrderid({ merchid, orderid: 'CONF-KEYED-0001', scope: 'site' }),
    );
    await as('voidByOrderId', () => client.voidByOrderId({ merchid, orderid: 'CONF-SWIPE-0001' }));
    await as('settlestat (merchid only)', () => client.settlementStatus({ merchid }));
    await as('settlestat by date', () => client.settlementStatus({ merchid, date: '1122' }));
    await as('settlestat by batchid', () => client.settlementStatus({ merchid, batchid: '1900941444' }));
    await as('inquireMerchant', () => client.inquireMerchant({ merchid }));
  });

  afterAll(async () => {
    await relay?.close();
    await emulator?.close();
  });

  it('captured every operation the client has, at the reference’s REST root', () => {
    const labels = new Set(relay.recorded.map((call) => call.label));
    for (const label of [
      'auth keyed with cvv2',
      'auth swipe (clear track 2)',
      'auth EMV (chip record)',
      'auth token',
      'auth profile use',
      'auth profile create with cofpermission',
      'auth profile use, customer-initiated (cof C)',
      'auth profile use, scheduled (cof M, ecomind R)',
      'auth capture flag with Level 2/3 and userfields',
      'auth ACH',
      'auth ACH at the counter (ecomind B)',
      'auth forced sale (voice authcode)',
      laneStyle,
      'capture with Level 2/3',
      'void',
      'refund',
      'inquire',
      'inquireByOrderid (merchant)',
      'inquireByOrderid (site)',
      'voidByOrderId',
      'settlestat by date',
      'inquireMerchant',
    ]) {
      expect(labels, label).toContain(label);
    }
    for (const call of relay.recorded)
      expect(call.url.startsWith(`${referenceRestRoot}/`), `${call.label}: ${call.url}`).toBe(true);
  });

  it('sends a counter check with ecomind B and a forced sale with the voice authcode, no ecomind', () => {
    const check = relay.recorded.find((call) => call.label === 'auth ACH at the counter (ecomind B)');
    expect(check?.body).toMatchObject({ ecomind: 'B', accttype: 'ESAV', bankaba: '011401533', capture: 'Y' });
    const forced = relay.recorded.find((call) => call.label === 'auth forced sale (voice authcode)');
    expect(forced?.body).toMatchObject({ authcode: 'VC4821', capture: 'Y' });
    expect(forced?.body).not.toHaveProperty('ecomind');
  });

  it('sends the stored-credential flags as the reference names them', () => {
    const body = (label: string) => relay.recorded.find((call) => call.label === label)?.body;
    expect(body('auth profile create with cofpermission')).toMatchObject({ profile: 'Y', cofpermission: 'Y' });
    expect(body('auth profile use, customer-initiated (cof C)')).toMatchObject({ cof: 'C', cofscheduled: 'N' });
    expect(body('auth profile use, customer-initiated (cof C)')).not.toHaveProperty('ecomind');
    expect(body('auth profile use, scheduled (cof M, ecomind R)')).toMatchObject({
      cof: 'M',
      cofscheduled: 'Y',
      ecomind: 'R',
    });
  });

  it('sends the CVV as cvv2 and nothing the reference does not declare', () => {
    const keyed = relay.recorded.find((call) => call.label === 'auth keyed with cvv2');
    expect(keyed?.body).toMatchObject({ cvv2: '112' });
    expect(keyed?.body).not.toHaveProperty('cvv');
  });

  it('sends a lane-style authorization whose termid, userfields, postal and address the OpenAPI file accepts', () => {
    const call = relay.recorded.find((recorded) => recorded.label === laneStyle)!;
    expect(call.body).toMatchObject({
      termid: 'LAN00001',
      postal: '55112',
      address: '1000 Continental Dr',
      userfields: [{ lanepoint_lane: 'LANE-01' }, { lanepoint_cashier: '1001' }, { lanepoint_shift: '3' }],
    });
    const problems = reference.checkRequest(call.method, call.url, call.body);
    // Only the reference's own userfields contradiction may be named (allowed above); termid,
    // postal and address keep the schema's rules outright.
    expect(problems.filter((problem) => !problem.startsWith('/userfields'))).toEqual([]);
    // The array form the schema's `type: array` asks for: what is left is the closed check's
    // refusal of any name beside name/value, the contradiction of the file's own example.
    expect(problems.filter((problem) => problem.startsWith('/userfields'))).toEqual([
      '/userfields/0/lanepoint_lane is not a field of the reference',
      '/userfields/1/lanepoint_cashier is not a field of the reference',
      '/userfields/2/lanepoint_shift is not a field of the reference',
    ]);
  });

  it('each request’s path, parameters and body validate against the OpenAPI request schemas', () => {
    const failures: string[] = [];
    const allowances: string[] = [];
    let checks = 0;
    let passing = 0;
    /** One check: its problems become failures unless the reference's own contradiction allows them by name. */
    const check = (call: Recorded, problems: string[]) => {
      const line = `${call.label}: ${call.method} ${call.url}`;
      const unexplained = problems.filter((problem) => {
        const why = allowedByReference(call, problem);
        if (why) allowances.push(`${line}: ${problem} (allowed: ${why})`);
        return !why;
      });
      checks++;
      if (unexplained.length === 0) passing++;
      failures.push(...unexplained.map((problem) => `${line}: ${problem}`));
    };
    for (const call of relay.recorded) {
      const siteWide = withoutSetAllowed(call);
      if (siteWide) allowances.push(`${call.label}: set omitted, as the set parameter's description says`);
      const url = siteWide ? `${call.url}/1` : call.url;
      check(call, reference.operation(call.method, url) ? [] : ['not an operation of the reference']);
      check(call, requestLine.check(call.method, url));
      if (call.body !== undefined) check(call, reference.checkRequest(call.method, call.url, call.body));
    }
    process.stdout.write(
      `client request conformance: ${checks} checks over ${relay.recorded.length} requests, ${passing} pass; allowed by name: ${allowances.length}\n  ${allowances.join('\n  ')}\n`,
    );
    expect(failures).toEqual([]);
    expect(passing).toBe(checks);
  });
});
