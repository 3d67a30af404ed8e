import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { loadGatewayReference, referenceMissing, type GatewayReference } from '../support/gateway-reference';
import { batchHostStatuses, settledEntryStatuses } from './fixtures/settlement-statuses';
import {
  fnorMerchant,
  freshEmulator,
  rpctMerchant,
  sale,
  siteAuth,
} from '../src-main/stand-ins/gateway-emulator/support';

/**
 * Every non-authorization endpoint of the emulator, driven over HTTP through its success and
 * error paths, each answer validated against the real gateway's OpenAPI file (closed: a field
 * the reference does not declare is a problem). Realism is off: its dummy fields are deliberate.
 *
 * Where the reference contradicts itself, the answer follows one of its sources and the field is
 * checked against that source's schema instead; `deviations` names each case and its source.
 */
const missing = referenceMissing();
if (missing && process.env.CI) throw new Error(missing);

interface Deviation {
  readonly operation: string;
  readonly field: string;
  /** The operation (method, path) whose 200 schema declares the field as the answer has it. */
  readonly checkedBy: readonly [string, string];
  readonly why: string;
}

const byOrderidPath = `/cardconnect/rest/inquireByOrderid/X/${rpctMerchant}/1`;
const deviations: readonly Deviation[] = [
  {
    operation: 'void',
    field: 'authcode',
    checkedBy: ['POST', '/cardconnect/rest/voidByOrderId'],
    why: 'voidResponse omits authcode; voidByOrderIdResponse, which answers "a void response", declares it (REVERS)',
  },
  {
    operation: 'inquire',
    field: 'orderId',
    checkedBy: ['GET', byOrderidPath],
    why: 'inquireResponse says orderid; the changelog ("orderId Included in inquire ...") and inquireByOrderid say orderId',
  },
  {
    operation: 'inquire',
    field: 'account',
    checkedBy: ['GET', byOrderidPath],
    why: 'inquireResponse omits account; the guides give inquireByOrderid "the same payload returned in the inquire response", which declares it',
  },
  ...['batchid', 'capturedate', 'settledate'].map((field) => ({
    operation: 'inquireByOrderid',
    field,
    checkedBy: ['GET', `/cardconnect/rest/inquire/1/${rpctMerchant}`] as const,
    why: 'inquireByOrderIDResponse omits it; the guides give inquireByOrderid "the same payload returned in the inquire response", which declares it',
  })),
  ...['capture', 'inquire'].map((operation) => ({
    operation,
    field: 'receipt',
    checkedBy: ['GET', byOrderidPath] as const,
    why: 'the response schema reuses the request flag (a string of one); the guides\u2019 Receipt Data and inquireByOrderid\u2019s receiptdata make it an object',
  })),
];

interface Check {
  readonly name: string;
  readonly problems: readonly string[];
}

const checks: Check[] = [];
let reference: GatewayReference;
let emulator: RunningEmulator;

/** One HTTP exchange under the documented root; every answer of a declared status is validated. */
type Json = Record<string, unknown> & Array<Record<string, unknown>>;

async function exchange(
  name: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Json; text: string }> {
  const response = await fetch(`${emulator.referenceUrl}/${path}`, {
    method,
    headers: { Authorization: siteAuth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const operationPath = `/cardconnect/rest/${path}`.split('?')[0]!;
  // inquireByOrderid without set: the operation's description allows leaving it out.
  const checkedPath = /inquireByOrderid\/[^/]+\/[^/]+$/.test(operationPath) ? `${operationPath}/1` : operationPath;
  const operation = checkedPath.split('/')[3] ?? '';
  if (text === 'Null Batches') {
    // settlestat: '"Null Batches" is returned when no data is available for display'.
    checks.push({ name, problems: operation === 'settlestat' ? [] : [`${operation} answered Null Batches`] });
    return { status: response.status, json: undefined as unknown as Json, text };
  }
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    checks.push({
      name,
      problems: [`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 60)}`],
    });
    return { status: response.status, json: undefined as unknown as Json, text };
  }
  const records: Array<Record<string, unknown>> = Array.isArray(json) ? json : [json];
  const problems: string[] = [];
  for (const record of records) problems.push(...checkRecord(method, checkedPath, operation, response.status, record));
  checks.push({ name, problems });
  return { status: response.status, json, text };
}

function checkRecord(
  method: string,
  path: string,
  operation: string,
  status: number,
  record: Record<string, unknown>,
): string[] {
  const rest = { ...record };
  const problems: string[] = [];
  for (const deviation of deviations.filter((d) => d.operation === operation && status === 200 && d.field in rest)) {
    problems.push(
      ...reference.checkResponse(deviation.checkedBy[0], deviation.checkedBy[1], 200, {
        [deviation.field]: rest[deviation.field],
      }),
    );
    delete rest[deviation.field];
  }
  // inquireMerchant's two messages for a merchant not boarded here: the reference's only schema
  // with a message is its error body, so they are checked against that.
  const asError = operation === 'inquireMerchant' && 'message' in rest;
  problems.push(...reference.checkResponse(method, path, asError ? 400 : status, rest));
  // settlestat's txns schema lists an entry's fields but not that txns is a list: check each entry.
  if (operation === 'settlestat' && Array.isArray(rest.txns)) {
    for (const entry of rest.txns)
      problems.push(...reference.checkResponse(method, path, 200, { txns: entry }).map((p) => `txns entry: ${p}`));
  }
  return problems;
}

const settleNow = () =>
  fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
    method: 'POST',
    headers: { Authorization: siteAuth },
    body: '{}',
  });

async function approved(fields: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${emulator.referenceUrl}/auth`, {
    method: 'POST',
    headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
    body: JSON.stringify(sale(fields)),
  });
  const json = (await response.json()) as { retref: string; respstat: string };
  expect(json.respstat).toBe('A');
  return json.retref;
}

describe.skipIf(missing !== undefined)(
  `every non-authorization answer against gateway-openapi.yaml${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    beforeAll(async () => {
      reference = loadGatewayReference();
      emulator = await freshEmulator();
    });
    afterAll(async () => {
      await emulator?.close();
      const passed = checks.filter((c) => c.problems.length === 0).length;
      // The count is the proof issue 17 asks for: printed once, beside the results.
      // eslint-disable-next-line no-console
      console.info(
        `conformance (operations): ${passed} of ${checks.length} checks pass; ${deviations.length} reference contradictions followed by their named source`,
      );
    });

    it('capture: queued, again, with a receipt, not found, over the authorization, a bad field', async () => {
      const retref = await approved({ orderid: 'CF-CAP-1' });
      expect(
        (await exchange('capture queued', 'POST', 'capture', { merchid: rpctMerchant, retref })).json,
      ).toMatchObject({ setlstat: 'Queued for Capture' });
      await exchange('capture again', 'POST', 'capture', { merchid: rpctMerchant, retref });
      const withReceipt = await approved({});
      expect(
        (
          await exchange('capture with receipt', 'POST', 'capture', {
            merchid: rpctMerchant,
            retref: withReceipt,
            receipt: 'Y',
          })
        ).json.receipt,
      ).toBeTruthy();
      await exchange('capture not found', 'POST', 'capture', { merchid: rpctMerchant, retref: '999999999999' });
      const fnor = await approved({ merchid: fnorMerchant });
      expect(
        (
          await exchange('capture over authorized', 'POST', 'capture', {
            merchid: fnorMerchant,
            retref: fnor,
            amount: '99.00',
          })
        ).status,
      ).toBe(400);
      expect(
        (await exchange('capture bad field', 'POST', 'capture', { merchid: rpctMerchant, retref: '1'.repeat(15) }))
          .status,
      ).toBe(400);
    });

    it('void: partial, full, already voided, batched, not found, bad amount, bad field', async () => {
      const retref = await approved({ amount: '10.00', orderid: 'CF-VOID-1' });
      await exchange('void partial', 'POST', 'void', { merchid: rpctMerchant, retref, amount: '4.00' });
      await exchange('void full', 'POST', 'void', { merchid: rpctMerchant, retref });
      await exchange('void already voided', 'POST', 'void', { merchid: rpctMerchant, retref });
      const settled = await approved({ capture: 'Y' });
      await settleNow();
      expect(
        (await exchange('void batched', 'POST', 'void', { merchid: rpctMerchant, retref: settled })).json.respcode,
      ).toBe('27');
      await exchange('void not found', 'POST', 'void', { merchid: rpctMerchant, retref: '1' });
      await exchange('void bad amount', 'POST', 'void', { merchid: rpctMerchant, retref: '1', amount: 'x' });
      await exchange('void bad field', 'POST', 'void', { merchid: 'M'.repeat(17), retref: '1' });
    });

    it('refund: not settled, approved, amount-driven decline, too much, not found, bad field', async () => {
      const retref = await approved({ capture: 'Y', amount: '2000.00' });
      await exchange('refund not settled', 'POST', 'refund', { merchid: rpctMerchant, retref });
      await settleNow();
      await exchange('refund declined by amount', 'POST', 'refund', {
        merchid: rpctMerchant,
        retref,
        amount: '1500.00',
      });
      await exchange('refund approved', 'POST', 'refund', {
        merchid: rpctMerchant,
        retref,
        amount: '10.00',
        orderid: 'CF-REF-1',
      });
      await exchange('refund too much', 'POST', 'refund', { merchid: rpctMerchant, retref, amount: '5000.00' });
      await exchange('refund not found', 'POST', 'refund', { merchid: rpctMerchant, retref: '1' });
      await exchange('refund bad field', 'POST', 'refund', {
        merchid: rpctMerchant,
        retref: '1',
        orderid: 'O'.repeat(51),
      });
    });

    it('voidByOrderId: partial, full, again, not found, partial after capture, bad field', async () => {
      await approved({ orderid: 'CF-VBO-1', amount: '10.00' });
      await exchange('voidByOrderId partial', 'POST', 'voidByOrderId', {
        merchid: rpctMerchant,
        orderid: 'CF-VBO-1',
        amount: '3.00',
      });
      await exchange('voidByOrderId full', 'POST', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'CF-VBO-1' });
      await exchange('voidByOrderId again', 'POST', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'CF-VBO-1' });
      await exchange('voidByOrderId not found', 'POST', 'voidByOrderId', { merchid: rpctMerchant, orderid: 'CF-NONE' });
      await approved({ orderid: 'CF-VBO-2', capture: 'Y' });
      await exchange('voidByOrderId partial after capture', 'POST', 'voidByOrderId', {
        merchid: rpctMerchant,
        orderid: 'CF-VBO-2',
        amount: '1.00',
      });
      await exchange('voidByOrderId bad field', 'POST', 'voidByOrderId', {
        merchid: rpctMerchant,
        orderid: 'O'.repeat(51),
      });
    });

    it('inquire and inquireByOrderid: each state, a receipt, not found, bad path values', async () => {
      const authorized = await approved({ orderid: 'CF-INQ-1', expiry: '202812' });
      const receipt = await approved({ receipt: 'Y' });
      const declined = await fetch(`${emulator.referenceUrl}/auth`, {
        method: 'POST',
        headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
        body: JSON.stringify(sale({ orderid: 'CF-INQ-1', account: '4387751111111038' })),
      });
      const fnor = await approved({ merchid: fnorMerchant, orderid: 'CF-INQ-1', capture: 'Y' });
      for (const [name, retref, merchid] of [
        ['authorized', authorized, rpctMerchant],
        ['with receipt', receipt, rpctMerchant],
        ['declined', String(((await declined.json()) as { retref: string }).retref), rpctMerchant],
        ['queued on FNOR', fnor, fnorMerchant],
      ] as const) {
        await exchange(`inquire ${name}`, 'GET', `inquire/${retref}/${merchid}`);
      }
      await exchange('inquire not found', 'GET', `inquire/1/${rpctMerchant}`);
      await exchange('inquire bad retref', 'GET', `inquire/${'1'.repeat(15)}/${rpctMerchant}`);
      expect(
        (await exchange('inquireByOrderid set 1', 'GET', `inquireByOrderid/CF-INQ-1/${rpctMerchant}/1`)).json,
      ).toHaveLength(2);
      expect(
        (await exchange('inquireByOrderid site', 'GET', `inquireByOrderid/CF-INQ-1/${rpctMerchant}`)).json,
      ).toHaveLength(3);
      await exchange('inquireByOrderid not found', 'GET', `inquireByOrderid/CF-NONE/${rpctMerchant}/1`);
      await exchange('inquireByOrderid bad orderid', 'GET', `inquireByOrderid/${'O'.repeat(51)}/${rpctMerchant}/1`);
    });

    it('settlestat: by date, by batch, new batches, Null Batches, no merchid, bad date', async () => {
      await approved({ capture: 'Y', orderid: 'CF-SET-1' });
      const rejected = await approved({ capture: 'Y', account: '5454545454545454' });
      const batches = (await (
        await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
          method: 'POST',
          headers: { Authorization: siteAuth },
          body: JSON.stringify({ reject: [rejected] }),
        })
      ).json()) as Array<{ batchid: string }>;
      const byDate = await exchange('settlestat by date', 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`);
      expect(byDate.json.length).toBeGreaterThan(0);
      // Every status answered is one the reference lists: Accepted is Y, Rejected N.
      const letters = new Set<string>(settledEntryStatuses.map((row) => row.letter));
      const hoststats = new Set<string>(batchHostStatuses.map((row) => row.code));
      for (const batch of byDate.json as unknown as Array<{
        hoststat: string;
        txns: Array<{ retref: string; setlstat: string }>;
      }>) {
        expect(hoststats.has(batch.hoststat)).toBe(true);
        for (const txn of batch.txns) {
          expect(letters.has(txn.setlstat)).toBe(true);
          expect(txn.setlstat).toBe(txn.retref === rejected ? 'N' : 'Y');
        }
      }
      await exchange(
        'settlestat by batchid',
        'GET',
        `settlestat?merchid=${rpctMerchant}&batchid=${batches.at(-1)!.batchid}`,
      );
      await exchange('settlestat new batches', 'GET', `settlestat?merchid=${rpctMerchant}`);
      await exchange('settlestat Null Batches', 'GET', `settlestat?merchid=${rpctMerchant}`);
      expect((await exchange('settlestat no merchid', 'GET', 'settlestat')).status).toBe(400);
      expect(
        (await exchange('settlestat bad date', 'GET', `settlestat?merchid=${rpctMerchant}&date=112233`)).status,
      ).toBe(400);
    });

    it('inquireMerchant: boarded, on another site, unknown', async () => {
      await exchange('inquireMerchant boarded', 'GET', `inquireMerchant/${rpctMerchant}`);
      await exchange('inquireMerchant FNOR', 'GET', `inquireMerchant/${fnorMerchant}`);
      await exchange('inquireMerchant other site', 'GET', 'inquireMerchant/820000000099');
      await exchange('inquireMerchant unknown', 'GET', 'inquireMerchant/123456789012');
    });

    it('every answer conforms to the reference', () => {
      expect(checks.length).toBeGreaterThan(40);
      expect(checks.filter((c) => c.problems.length > 0)).toEqual([]);
    });
  },
);
