import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { CommandReply, SaleSummary, StoredCardsView } from '../../../../src-main/lane/ipc/contract';
import { drawnSignature } from '../../../support/strokes';
import { testCore } from '../../../support/test-core';

// The customer's stored cards and a signature added after the approval, from the contract down
// to the training gateway (the emulator over real HTTP).
let core: Core;
afterEach(async () => {
  await core.close();
});

const ok = <T>(reply: CommandReply<T>): T => {
  if (!reply.ok) throw new Error(`expected ok, got ${JSON.stringify(reply.error)}`);
  return reply.result;
};
const cashier = { source: 'bridge:1' };
const drawn = drawnSignature(400, 120, '20,90 120,20 260,100 380,30');

/** A sale on a stored profile with two cards, made the way a lane does (profile created at the gateway first). */
async function profileSale(): Promise<{ orderId: string; tokens: string[]; profileId: string }> {
  const { client, merchid } = await core.trainingGateway.access(core.settings.merchantId);
  const first = await client.saveProfile({ merchid, account: '4788250000121443', expiry: '1228' });
  if (!first.saved) throw new Error('profile not saved');
  const second = await client.saveProfile({
    merchid,
    profileid: first.account.profileid,
    account: '5454545454545454',
    expiry: '1230',
  });
  if (!second.saved) throw new Error('second card not saved');
  const sale = ok(
    await core.dispatch('terminal.profileSale', { amountMinor: 500, profile: `${first.account.profileid}/1` }, cashier),
  ) as SaleSummary;
  expect(sale.outcome).toBe('approved');
  return {
    orderId: sale.orderId,
    tokens: [first.account.token!, second.account.token!],
    profileId: first.account.profileid,
  };
}

describe('a sale\u2019s customer on History', () => {
  it('lists the stored cards masked (no number, no token); a manager deletes one', async () => {
    ({ core } = testCore());
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }, cashier));
    const { orderId, tokens, profileId: orderProfileId } = await profileSale();
    const cards = ok(await core.dispatch('terminal.storedCards', { orderId }, cashier)) as StoredCardsView;
    expect(cards).toEqual({
      hasProfile: true,
      profileId: orderProfileId,
      cards: [
        { acctid: '1', maskedPan: '****1443', brand: 'Visa', isDefault: true },
        { acctid: '2', maskedPan: '****5454', brand: 'Mastercard', isDefault: false },
      ],
    });
    for (const token of tokens) expect(JSON.stringify(cards)).not.toContain(token);
    // A cashier without a manager's PIN may not delete.
    expect(await core.dispatch('terminal.deleteStoredCard', { orderId, acctid: '2' }, cashier)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const left = ok(
      await core.dispatch('terminal.deleteStoredCard', { orderId, acctid: '2', managerPin: '9999' }, cashier),
    ) as StoredCardsView;
    expect(left.cards.map((card) => card.acctid)).toEqual(['1']);
    expect(
      await core.dispatch('terminal.deleteStoredCard', { orderId, acctid: '2', managerPin: '9999' }, cashier),
    ).toMatchObject({ ok: false, error: { code: 'failed_precondition', field: 'acctid' } });
  });

  it('a sale without a profile has no stored cards; an unknown order is refused naming it', async () => {
    ({ core } = testCore());
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }, cashier));
    expect(await core.dispatch('terminal.storedCards', { orderId: 'NO-SUCH-ORDER' }, cashier)).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'orderId' },
    });
    expect(await core.dispatch('terminal.deleteStoredCard', { orderId: 'X', acctid: 'one' }, cashier)).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'acctid' },
    });
  });

  it('adds a signature to a sale paid without one: sent by sigcap, kept at the gateway, once', async () => {
    ({ core } = testCore());
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }, cashier));
    const { orderId } = await profileSale();
    expect(await core.dispatch('terminal.addSignature', { orderId }, cashier)).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', message: expect.stringMatching(/No signature is ready/) },
    });
    ok(await core.dispatch('signature.begin', { source: 'screen' }, cashier));
    ok(await core.dispatch('signature.submit', { signature: drawn }, cashier));
    expect(ok(await core.dispatch('terminal.addSignature', { orderId }, cashier))).toEqual({
      saved: true,
      reason: null,
    });
    const lookup = ok(await core.dispatch('terminal.lookup', { orderId }, cashier)) as {
      gateway: Array<{ retref: string | null }>;
    };
    const { client, merchid } = await core.trainingGateway.access(core.settings.merchantId);
    const record = await client.inquire({ merchid, retref: lookup.gateway[0]!.retref! });
    expect(record.signature).toMatch(/^H4sI/);
    ok(await core.dispatch('signature.begin', { source: 'screen' }, cashier));
    ok(await core.dispatch('signature.submit', { signature: drawn }, cashier));
    expect(await core.dispatch('terminal.addSignature', { orderId }, cashier)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/already has a signature/) },
    });
  });

  it('needs staff: nobody signed in (a kiosk\u2019s customer) cannot see, delete or sign', async () => {
    ({ core } = testCore());
    for (const [name, args] of [
      ['terminal.storedCards', { orderId: 'A-1' }],
      ['terminal.deleteStoredCard', { orderId: 'A-1', acctid: '1', managerPin: '9999' }],
      ['terminal.addSignature', { orderId: 'A-1' }],
    ] as const) {
      expect(await core.dispatch(name, args, cashier)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });
});
