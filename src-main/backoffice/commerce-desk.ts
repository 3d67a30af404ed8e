/** The catalog's, the orders', the code lists' and the billing plans' commands: minor units here, decimals on the wire. */
import type { BoardingClient } from './boarding/client';
import type { HandlersOf } from '../lane/ipc/contract/derive';
import type { commerceCommands } from './contract/commerce';
import type { planCommands } from './contract/plans';
import { equipmentView, orderRequest, orderView, pageView, planRequest, planView } from './views';

export function createCommerceHandlers(
  boarding: () => Promise<BoardingClient>,
): HandlersOf<typeof commerceCommands & typeof planCommands> {
  const plans = async () => (await boarding()).billingPlans;
  return {
    'equipment.catalog': async ({ pageNumber, pageSize, ...query }) =>
      pageView(
        await (await boarding()).equipment.catalog({ ...query, pageNumber, pageSize }),
        { pageNumber, pageSize },
        equipmentView,
      ),
    'orders.list': async ({ merchantId, pageNumber, pageSize }) =>
      pageView(
        await (await boarding()).orders.list(merchantId, { pageNumber, pageSize }),
        { pageNumber, pageSize },
        orderView,
      ),
    'orders.get': async ({ orderId }) => orderView(await (await boarding()).orders.get(orderId)),
    'orders.create': async ({ order }) => {
      const client = await boarding();
      return orderView(await client.orders.get(await client.orders.create(orderRequest(order))));
    },
    'orders.update': async ({ orderId, order }) => {
      const client = await boarding();
      await client.orders.update(orderId, orderRequest(order));
      return orderView(await client.orders.get(orderId));
    },
    'orders.cancel': async ({ orderId }) => {
      const client = await boarding();
      await client.orders.cancel(orderId);
      return orderView(await client.orders.get(orderId));
    },
    'lookups.get': async ({ list }) => (await boarding()).lookup(list),
    'plans.list': async ({ merchId }) => (await (await plans()).list(merchId)).map(planView),
    'plans.get': async ({ merchId, billingPlanId }) => planView(await (await plans()).get(merchId, billingPlanId)),
    'plans.create': async ({ plan }) => planView(await (await plans()).create(planRequest(plan))),
    'plans.updateAccount': async ({ acctId, ...change }) =>
      planView(await (await plans()).updateAccount({ ...change, ...(acctId === undefined ? {} : { acctId }) })),
    'plans.markPaid': async (payment) => planView(await (await plans()).markAsPaid(payment)),
    'plans.cancelPayment': async (payment) => planView(await (await plans()).cancelPayment(payment)),
    'plans.cancel': async ({ merchId, billingPlanId }) =>
      planView(await (await plans()).cancel(merchId, billingPlanId)),
  };
}
