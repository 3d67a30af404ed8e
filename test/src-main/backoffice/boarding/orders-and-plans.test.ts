import { describe, expect, it } from 'vitest';
import {
  BoardingApiError,
  BoardingRuleError,
  BoardingValidationError,
} from '../../../../src-main/backoffice/boarding/errors';
import { lookupLists, type BillingPlanRequest, type LookupList } from '../../../../src-main/reference/boarding-wire';
import { minimalMerchant, sampleOrder } from '../../../support/boarding';
import { boardingPairPerTest } from '../../../support/boarding-pair-per-test';

const startPair = boardingPairPerTest();

const minute = 60_000;

describe('equipment, orders, lookups and the owner site user', () => {
  it('pages through the catalog and filters it; an unknown sales code names the field', async () => {
    const pair = await startPair();
    const first = await pair.client.equipment.catalog({ salesCode: 'LPTRAIN', pageSize: 5 });
    expect(first).toMatchObject({ totalServerItemsCount: 12, totalDisplayItemsCount: 5, moreRowsAvailable: true });
    const last = await pair.client.equipment.catalog({ salesCode: 'LPTRAIN', pageSize: 5, pageNumber: 3 });
    expect(last).toMatchObject({ totalDisplayItemsCount: 12, moreRowsAvailable: false });
    expect(last.rows).toHaveLength(2);
    const software = await pair.client.equipment.catalog({ salesCode: 'LPTRAIN', equipmentTypeCd: 'SOFTWARE' });
    expect(software.rows.every((row) => row.equipmentTypeCd === 'SOFTWARE')).toBe(true);
    await expect(pair.client.equipment.catalog({ salesCode: 'OTHER' })).rejects.toMatchObject({
      field: 'salesCode',
      status: 400,
    });
    await expect(pair.client.equipment.catalog({ salesCode: 'LPTRAIN', pageSize: 0 })).rejects.toBeInstanceOf(
      BoardingValidationError,
    );
  });

  it('creates, reads, lists, updates an order; it ships with a tracking number; cancel only while NEW', async () => {
    const pair = await startPair();
    const { client, clock } = pair;
    const merchantId = await client.merchants.create(999, minimalMerchant());
    const orderId = await client.orders.create(sampleOrder(merchantId));
    const cancelled = await client.orders.create(sampleOrder(merchantId, { quantity: 1 }));
    await client.orders.update(orderId, sampleOrder(merchantId, { quantity: 3 }));
    expect(await client.orders.get(orderId)).toMatchObject({ orderId, quantity: 3, orderStatusCd: 'NEW' });
    await client.orders.cancel(cancelled);
    expect((await client.orders.get(cancelled)).orderStatusCd).toBe('CANCELLED');
    await expect(client.orders.update(orderId, sampleOrder(merchantId, { equipmentId: 102 }))).rejects.toBeInstanceOf(
      BoardingRuleError,
    );
    clock.advance(minute);
    const placed = await client.orders.cancel(orderId).catch((error: unknown) => error);
    expect(placed).toBeInstanceOf(BoardingRuleError);
    expect((placed as BoardingRuleError).message).toContain('only a NEW order');
    const statuses = [(await client.orders.get(orderId)).orderStatusCd];
    for (let step = 0; step < 4; step++) {
      clock.advance(30_000);
      statuses.push((await client.orders.get(orderId)).orderStatusCd);
    }
    expect(statuses).toEqual(['EXPORTED', 'FULFILLING', 'SHIPPED', 'SHIPPED', 'SHIPPED']);
    const shipped = await client.orders.get(orderId);
    expect(shipped.shippingDetails.trackingNumber).toMatch(/^1Z\d{16}$/);
    expect(shipped.placedDatetime).not.toBeNull();
    const list = await client.orders.list(merchantId, { pageSize: 1 });
    expect(list).toMatchObject({ totalServerItemsCount: 2, moreRowsAvailable: true });
  });

  it('refuses an order missing its conditional fields before sending', async () => {
    const pair = await startPair();
    await expect(pair.client.orders.create(sampleOrder('4000000001', { unitPrice: null }))).rejects.toMatchObject({
      field: 'order.unitPrice',
    });
    await expect(pair.client.orders.create(sampleOrder('4000000001', { billToCd: 'PARTNERCC' }))).rejects.toMatchObject(
      { field: 'order.profileId' },
    );
    await expect(
      pair.client.orders.create(sampleOrder('4000000001', { billingFrequencyCd: 'MONTHLY', monthlyPrice: undefined })),
    ).rejects.toMatchObject({ field: 'order.monthlyPrice' });
    expect(pair.emulator.store.orders.size).toBe(0);
  });

  it('answers all 24 lookup lists with the reference\u2019s codes', async () => {
    const pair = await startPair();
    const lists = Object.keys(lookupLists) as LookupList[];
    expect(lists).toHaveLength(24);
    for (const list of lists) expect((await pair.client.lookup(list)).length, list).toBeGreaterThan(0);
    expect((await pair.client.lookup('orderStatusCodes')).map((row) => row.code)).toEqual(
      expect.arrayContaining(['NEW', 'PLACED', 'SHIPPED', 'CANCELLED']),
    );
    expect((await pair.client.lookup('attachmentTypeCodes')).map((row) => row.code)).toContain('ACKACCEPTAGRMT');
  });

  it('reads and changes the owner site user, checking the email first', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    await pair.client.ownerSiteUser.update(merchantId, {
      firstName: 'Ada',
      lastName: 'Owner',
      email: 'ada@example.com',
    });
    expect(await pair.client.ownerSiteUser.get(merchantId)).toEqual({
      firstName: 'Ada',
      lastName: 'Owner',
      email: 'ada@example.com',
    });
    await expect(
      pair.client.ownerSiteUser.update(merchantId, { firstName: 'Ada', lastName: 'Owner', email: 'not-an-email' }),
    ).rejects.toMatchObject({ field: 'ownerSiteUser.email' });
  });

  it('refuses custom fields outside 1-10 before sending, and an unconfigured one at the service', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    await expect(
      pair.client.customFields.update(merchantId, [{ userFieldNumber: 11, customFieldValue: 'x' }]),
    ).rejects.toMatchObject({ field: 'customFields[0].userFieldNumber' });
    const many = Array.from({ length: 11 }, (_, index) => ({
      userFieldNumber: (index % 10) + 1,
      customFieldValue: 'x',
    }));
    await expect(pair.client.customFields.update(merchantId, many)).rejects.toMatchObject({ field: 'customFields' });
    const unknown = await pair.client.customFields
      .update(merchantId, [{ userFieldNumber: 9, customFieldValue: 'x' }])
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(BoardingApiError);
    expect((unknown as BoardingApiError).field).toBe('customFields[0].userFieldNumber');
  });
});

function weeklyPlan(changes: Partial<BillingPlanRequest> = {}): BillingPlanRequest {
  return {
    merchId: '49600000001',
    profileId: '12345678901234567890',
    amount: 12.99,
    timeSpan: 2,
    every: 1,
    untilCondition: 'N',
    untilNumPayments: 4,
    currencySymbol: '$',
    startDate: '03082025',
    billingPlanName: 'Weekly coffee club',
    options: [{ name: 'email_receipt', value: '0' }],
    ...changes,
  };
}

describe('billing plans', () => {
  it('creates, lists, reads, moves the account, marks paid, cancels a payment and the plan', async () => {
    const pair = await startPair();
    const plans = pair.client.billingPlans;
    const plan = await plans.create(weeklyPlan({ merchId: '49600000001' }));
    expect(plan).toMatchObject({ planStatus: 'A', acctId: '1' });
    expect(plan.schedules!.map((entry) => entry.scheduledPaymentDate)).toEqual([
      '03/08/2025',
      '03/15/2025',
      '03/22/2025',
      '03/29/2025',
    ]);
    expect((await plans.list('49600000001')).map((listed) => [listed.billingPlanId, listed.schedules])).toEqual([
      [plan.billingPlanId, null],
    ]);
    expect(
      (
        await plans.updateAccount({
          merchId: '49600000001',
          billingPlanId: plan.billingPlanId,
          profileId: '12345678901234567890',
          acctId: '2',
        })
      ).acctId,
    ).toBe('2');
    const [first, second, third] = plan.schedules!;
    const paid = await plans.markAsPaid({
      merchId: '49600000001',
      billingPlanId: plan.billingPlanId,
      billingPlanScheduleId: first!.billingPlanScheduleId,
      retref: null,
    });
    expect(paid.schedules![0]).toMatchObject({ paymentStatus: 'Paid', retref: null });
    const refused = await plans
      .cancelPayment({
        merchId: '49600000001',
        billingPlanId: plan.billingPlanId,
        billingPlanScheduleId: first!.billingPlanScheduleId,
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BoardingRuleError);
    expect(
      (
        await plans.cancelPayment({
          merchId: '49600000001',
          billingPlanId: plan.billingPlanId,
          billingPlanScheduleId: second!.billingPlanScheduleId,
        })
      ).schedules![1]!.paymentStatus,
    ).toBe('Cancelled');
    const ended = await plans.cancel('49600000001', plan.billingPlanId);
    expect(ended.planStatus).toBe('C');
    expect(
      ended.schedules!.find((entry) => entry.billingPlanScheduleId === third!.billingPlanScheduleId)!.paymentStatus,
    ).toBe('Cancelled');
  });

  it('refuses a plan missing its end condition before sending, and the service refuses an unknown plan', async () => {
    const pair = await startPair();
    await expect(
      pair.client.billingPlans.create(weeklyPlan({ untilCondition: 'D', untilDate: null })),
    ).rejects.toMatchObject({ field: 'billingPlan.untilDate' });
    await expect(
      pair.client.billingPlans.create(weeklyPlan({ billingPlanName: 'x'.repeat(31) })),
    ).rejects.toMatchObject({ field: 'billingPlan.billingPlanName' });
    await expect(pair.client.billingPlans.get('49600000001', '999')).rejects.toMatchObject({
      status: 404,
      field: 'billingPlanId',
    });
  });

  it('charges each payment through the injected hook when it falls due on the clock', async () => {
    const charged: number[] = [];
    const pair = await startPair({
      hooks: {
        charge: async (payment) => (
          charged.push(payment.amountMinor),
          { approved: true, retref: `R${payment.billingPlanScheduleId}` }
        ),
      },
    });
    const plan = await pair.client.billingPlans.create(
      weeklyPlan({ merchId: '49600000001', startDate: '03042025', amount: 5 }),
    );
    pair.clock.advance(8 * 24 * 60 * minute);
    await pair.emulator.advance(0);
    const after = await pair.client.billingPlans.get('49600000001', plan.billingPlanId);
    expect(after.schedules!.map((entry) => entry.paymentStatus)).toEqual(['Paid', 'Paid', 'Scheduled', 'Scheduled']);
    expect(after.schedules![0]!.retref).toBe(`R${plan.schedules![0]!.billingPlanScheduleId}`);
    expect(charged).toEqual([500, 500]);
  });
});
