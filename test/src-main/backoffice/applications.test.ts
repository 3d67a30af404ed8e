import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  ApplicationStatusChange,
  BackofficeCommandArgs,
  BackofficeCommandName,
  BackofficeCommandResult,
} from '../../../src-main/backoffice/contract';
import type { CommandReply } from '../../../src-main/lane/ipc/contract/replies';
import { signAsOwner } from '../../support/boarding';
import { newApplicationArgs, startBackofficeBench, type BackofficeBench } from '../../support/backoffice';

let bench: BackofficeBench | undefined;
afterEach(async () => {
  await bench?.close();
  bench = undefined;
});

/** Calls a command through the validated dispatch, as a screen would, and answers its reply. */
async function call(name: BackofficeCommandName, args: unknown = {}): Promise<CommandReply> {
  return bench!.backoffice.dispatch(name, args);
}
async function ok<N extends BackofficeCommandName>(
  name: N,
  args: BackofficeCommandArgs<N> = {} as BackofficeCommandArgs<N>,
): Promise<BackofficeCommandResult<N>> {
  const reply = await call(name, args);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.field ?? ''} ${reply.error.message}`);
  return reply.result as BackofficeCommandResult<N>;
}

const second = 1000;

/** Training's template requires custom field 1 ("Store number") before signing. */
async function requestSignature(merchantId: string) {
  await ok('applications.setCustomFields', {
    merchantId,
    customFields: [{ userFieldNumber: 1, customFieldValue: '42' }],
  });
  return ok('signature.request', { merchantId });
}

describe('the back office over training\u2019s emulators', () => {
  it('refuses bad arguments naming the field, before anything is sent', async () => {
    bench = await startBackofficeBench();
    const args = newApplicationArgs();
    const noDba = { ...args, merchant: { ...args.merchant, dbaName: '' } };
    expect(await call('applications.create', noDba)).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'merchant.dbaName' },
    });
    const phone = structuredClone(args);
    phone.merchant.ownership.owner.ownerPhone = '5551234567';
    expect(await call('applications.create', phone)).toMatchObject({
      error: { field: 'merchant.ownership.owner.ownerPhone' },
    });
    expect(await call('applications.get', { merchantId: '12ab' })).toMatchObject({ error: { field: 'merchantId' } });
    expect(await call('plans.create', { plan: { amountMinor: 12.5 } })).toMatchObject({
      error: { code: 'invalid_argument', field: 'plan.merchId' },
    });
    expect(await call('lookups.get', { list: 'nope' })).toMatchObject({ error: { field: 'list' } });
    expect(await call('backoffice.status', { extra: 1 })).toMatchObject({ error: { field: 'extra' } });
    expect(bench.training!.boardingUrl).toBeTruthy();
    expect((await ok('applications.list')).total).toBe(0);
  });

  it('creates, reads, updates with whole objects, requests the signature and retracts it', async () => {
    bench = await startBackofficeBench();
    const created = await ok('applications.create', newApplicationArgs());
    expect(created).toMatchObject({ status: 'INPROG', gatewayStatus: 'NOT_BOARDED', signatureStatus: 'NOT_SENT' });
    expect(created.editable).toBe(true);
    const { merchantId } = created;
    expect((await ok('applications.list', { search: 'card shoppe' })).rows).toMatchObject([{ merchantId }]);

    // A sent object is whole: one left short is refused naming the missing child.
    const short = await call('applications.update', {
      merchantId,
      merchant: { demographic: { businessAddress: { address1: '9 New Road', city: 'Dillon', zip: '80435' } } },
    });
    expect(short).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect((short as { error: { field: string } }).error.field).toMatch(/^merchant\.demographic\./);
    // Whole: every documented child, null where the application has none.
    const demographic = {
      ...created.merchant.demographic,
      businessIncorporatedStateCd: null,
      merchantTimeZone: null,
      websiteAddress: null,
      businessFax: null,
      businessPhone: '555-987-6543',
    };
    const updated = await ok('applications.update', { merchantId, merchant: { demographic } });
    expect(updated.merchant.demographic?.businessPhone).toBe('555-987-6543');

    const early = await call('signature.request', { merchantId });
    expect(early).toEqual({
      ok: false,
      error: {
        code: 'invalid_argument',
        field: 'customFields[1]',
        message:
          'The owner cannot be asked to sign yet: fill in the required custom field "Store number" under Custom fields and save, then request the signature.',
      },
    });
    const requested = await requestSignature(merchantId);
    expect(requested.signatureUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(requested.application).toMatchObject({ status: 'OFS', signatureStatus: 'PENDING', editable: false });

    // While OFS an update is refused before sending, naming the status and the way out.
    const whileOfs = await call('applications.update', { merchantId, merchant: { demographic } });
    expect(whileOfs).toMatchObject({ ok: false, error: { code: 'failed_precondition' } });
    expect((whileOfs as { error: { message: string } }).error.message).toContain('retract the signature first');

    const retracted = await ok('signature.retract', { merchantId });
    expect(retracted).toMatchObject({ status: 'INPROG', editable: true });
    expect(retracted.timeline.map((entry: { status: string }) => entry.status)).toEqual(['INPROG', 'OFS', 'INPROG']);
    // Retracting again: the signature is no longer PENDING, refused before sending.
    const again = await call('signature.retract', { merchantId });
    expect(again).toMatchObject({ ok: false, error: { code: 'failed_precondition' } });
    expect((again as { error: { message: string } }).error.message).toContain('only a PENDING one');
  });

  it('orders in minor units and refuses to cancel an order that is no longer NEW', async () => {
    bench = await startBackofficeBench();
    const { merchantId } = await ok('applications.create', newApplicationArgs());
    const catalog = await ok('equipment.catalog', { salesCode: 'LPTRAIN', pageSize: 5 });
    expect(catalog.rows[0]).toMatchObject({ equipmentId: 101, defaultPriceMinor: 34900, defaultPlanPriceMinor: 1995 });
    expect(catalog.moreRowsAvailable).toBe(true);
    const order = {
      merchantId,
      equipmentId: 101,
      quantity: 2,
      unitPriceMinor: 34950,
      billToCd: 'CUST',
      billingFrequencyCd: 'ONETIME',
      shippingDetails: {
        shippingAddress: {
          address1: '123 Fake Street',
          city: 'Keystone',
          stateCd: 'CO',
          zip: '80435',
          countryCd: 'US',
        },
      },
    };
    const placed = await ok('orders.create', { order });
    expect(placed).toMatchObject({ orderStatusCd: 'NEW', unitPriceMinor: 34950, merchantId });
    expect(bench.training).toBeDefined();
    bench.clock.advance(31 * second);
    const moved = await call('orders.cancel', { orderId: placed.orderId });
    expect(moved).toMatchObject({ ok: false, error: { code: 'failed_precondition' } });
    expect((moved as { error: { message: string } }).error.message).toContain('only a NEW order');
    expect((await ok('orders.list', { merchantId })).rows).toHaveLength(1);
  });

  it('follows an application by polling: waits double while nothing moves, and a change is published and resets them', async () => {
    bench = await startBackofficeBench();
    const changes: ApplicationStatusChange[] = [];
    bench.backoffice.events.subscribe((name, payload) => {
      if (name === 'application.status') changes.push(payload as ApplicationStatusChange);
    });
    const { merchantId } = await ok('applications.create', newApplicationArgs());
    const { signatureUrl } = await requestSignature(merchantId);
    changes.length = 0;
    const { timers } = bench;
    const round = async () => {
      const before = timers.waits().length;
      timers.fire();
      await until(() => timers.waits().length > before);
    };
    expect(timers.pending().map((timer) => timer.ms)).toEqual([2000]);
    await round();
    await round();
    expect(timers.pending()[0]!.ms).toBe(8000);
    expect(changes).toEqual([]);
    expect((await signAsOwner(signatureUrl)).ok).toBe(true);
    await round();
    expect(changes.at(-1)).toMatchObject({ merchantId, entry: { status: 'QUALIFY', signatureStatus: 'SIGNED' } });
    expect(timers.pending()[0]!.ms).toBe(2000);
    await round();
    expect(timers.pending()[0]!.ms).toBe(4000);
    for (let i = 0; i < 6; i++) await round();
    expect(timers.pending()[0]!.ms).toBe(60_000);
  });

  it('provisions this machine\u2019s lane and exports a file once BOARDED, never with credentials', async () => {
    bench = await startBackofficeBench();
    const { merchantId } = await ok('applications.create', newApplicationArgs('Corner Market'));
    expect(await call('provision.thisLane', { merchantId })).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition' },
    });
    const { signatureUrl } = await requestSignature(merchantId);
    await ok('applications.setCustomFields', {
      merchantId,
      customFields: [{ userFieldNumber: 1, customFieldValue: '42' }],
    });
    expect((await signAsOwner(signatureUrl)).ok).toBe(true);
    bench.clock.advance(36 * second);
    const boarded = await ok('applications.get', { merchantId });
    expect(boarded).toMatchObject({ gatewayStatus: 'BOARDED' });
    expect(boarded.gatewayMerchantId).toMatch(/^\d{11}$/);

    const lane = await ok('provision.thisLane', { merchantId });
    const laneSettings = JSON.parse(readFileSync(join(bench.laneHome, 'settings.json'), 'utf8'));
    expect(laneSettings).toEqual({
      merchantId: boarded.gatewayMerchantId,
      gateway: { url: bench.training!.gatewayUrl },
    });
    expect(lane.settingsFile).toBe(join(bench.laneHome, 'settings.json'));

    const exported = await ok('provision.export', { merchantId });
    const file = JSON.parse(readFileSync(exported.file, 'utf8'));
    expect(file).toEqual({
      version: 1,
      merchantId: boarded.gatewayMerchantId,
      gatewayUrl: bench.training!.gatewayUrl,
      dbaName: 'Corner Market',
    });
    const { password, clientSecret } = bench.training!.credentials;
    expect(exported.content).not.toContain(password);
    expect(exported.content).not.toContain(clientSecret);
  });
});

async function until(check: () => boolean) {
  const { until: wait } = await import('../../support/until');
  await wait(check, 'the poller scheduled its next round', 10_000);
}
