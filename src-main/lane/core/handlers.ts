import type { KeystrokeAnswer, SaleSummary } from '../ipc/contract';
import type { CommandCaller, CommandHandlers } from '../ipc/dispatcher';
import { LaneError } from '../errors';
import type { Core } from './core-parts';
import { createRateLimit } from '../ipc/rate-limit';
import { createOfflineHandlers } from './offline-handlers';

/**
 * `printers.lastPage` draws a PNG of the training printer's page; a screen asks once after a
 * test print. Ten in ten seconds is generous for that and keeps a page from busying the lane.
 */
export const lastPageLimit = { max: 10, windowMs: 10_000 } as const;

/** Binds every contract command to the core. A command without a handler fails type-checking. */
export function createCommandHandlers(
  core: Pick<
    Core,
    | 'clock'
    | 'info'
    | 'settings'
    | 'devices'
    | 'terminal'
    | 'cardReaders'
    | 'deviceManager'
    | 'signature'
    | 'printers'
    | 'sales'
    | 'customers'
    | 'session'
    | 'settingsService'
    | 'trainingGateway'
    | 'trainingTerminal'
    | 'wallet'
    | 'journalRefusal'
    | 'acknowledgeJournal'
    | 'kiosk'
    | 'receiptMail'
    | 'day'
    | 'offline'
    | 'hub'
    | 'customerDisplay'
  >,
): CommandHandlers {
  const { session } = core;
  /** Money moves only with somebody signed in (or a kiosk's customer); the journal and the log say who. */
  const signedIn =
    <A, R>(action: string, run: (args: A, caller: CommandCaller) => R) =>
    (args: A, caller: CommandCaller): R => {
      session.requireSignedIn(action);
      return run(args, caller);
    };
  /** A manager's action: a signed-in manager, or a cashier with a manager's PIN. */
  const managers =
    <A extends { managerPin?: string | undefined }, R>(action: string, run: (args: Omit<A, 'managerPin'>) => R) =>
    (args: A, caller: CommandCaller): R => {
      session.requireSignedIn(action);
      const { managerPin, ...rest } = args;
      session.approve(action, managerPin, caller.source);
      return run(rest);
    };
  /** The customer's own payment: a kiosk's customer pays alone; anything else is staff's. */
  const customerPayment =
    <A, R>(action: string, run: (args: A) => R) =>
    (args: A): R => {
      session.requireCustomerOrStaff(action);
      return run(args);
    };
  const lastPageCalls = createRateLimit({ ...lastPageLimit, now: () => core.clock.now() });
  const trainingOnly = (what: string) => {
    if (!core.settings.training) throw new LaneError('refused', `Only training\u2019s built-in gateway ${what}.`);
  };
  return {
    'session.current': () => session.current(),
    'session.signIn': (args, { source }) => session.signIn(args, source),
    'session.signOut': () => session.signOut(),
    'session.trainingLogins': () => session.trainingLogins(),
    'settings.get': () => core.settingsService.view(),
    'settings.update': managers('change settings', ({ changes }) => core.settingsService.update(changes)),
    'settings.setCredentials': managers('store gateway credentials', ({ username, password }) =>
      core.settingsService.setCredentials(username, password),
    ),
    'settings.testCredentials': signedIn('test the gateway credentials', () => core.settingsService.testCredentials()),
    'app.info': () => core.info(),
    'hub.status': () => core.hub.status(),
    'devices.list': ({ kind }) => core.devices.list(kind),
    'devices.readCard': (args) => core.cardReaders.readCard(args),
    'devices.cancelRead': (args) => core.cardReaders.cancelRead(args),
    // Timed by the page, where the key was pressed: a stall here between two keys of a burst
    // must not split it. The page reports its pauses, so this process's clock never decides.
    'devices.keystroke': ({ key, seq, at }, { source }) =>
      keystrokeAnswer(core, source, core.deviceManager.keystroke({ key, at, source, seq }, 'sender')),
    'devices.keysPaused': ({ at }, { source }) => {
      core.deviceManager.keysPaused(source, at);
      return keystrokeAnswer(core, source, true);
    },
    'devices.testCards': () => core.cardReaders.testCards(),
    'devices.presentTestCard': (args) => core.cardReaders.presentTestCard(args),
    'terminal.state': () => core.terminal.current(),
    'terminal.sale': (args, caller) =>
      // Money back without a sale is never the customer's own payment.
      args.tender === 'forced-credit'
        ? signedIn('give money back without a sale', (sale: typeof args) => core.sales.sale(sale))(args, caller)
        : // A code keyed by hand captures money no issuer holds for the lane, and is never voided: a manager's.
          args.tender === 'forced-sale'
          ? managers<typeof args, Promise<SaleSummary>>('make a forced sale', (sale) => core.sales.sale(sale))(
              args,
              caller,
            )
          : customerPayment('take a payment', (sale: typeof args) =>
              core.sales.sale(sale, { consentBy: session.current()?.cashierId }),
            )(args),
    'terminal.achSale': customerPayment('take a payment', (args) => core.sales.achSale(args)),
    'terminal.walletSale': customerPayment('take a payment', (args) => core.sales.walletSale(args)),
    // A stored card is charged by staff: at a kiosk nobody checks whose it is.
    'terminal.profileSale': signedIn('charge a stored card', (args) => core.sales.profileSale(args)),
    'terminal.keyEntry': ({ key }) => core.sales.keyEntry(key),
    'terminal.cancel': () => core.sales.cancel(),
    // The customer accepts the fee, at the counter through the cashier's key or on a kiosk's own screen.
    'terminal.confirmFee': () => core.sales.confirmFee(),
    // Going on without the signature is a cashier's choice, never a kiosk customer's: somebody must be signed in.
    'terminal.skipSignature': () => {
      const cashier = session.current();
      if (!cashier)
        throw new LaneError(
          'forbidden',
          'Only a signed-in cashier can skip the signature: sign in, or ask the customer to sign.',
        );
      return core.sales.skipSignature({ cashierId: cashier.cashierId });
    },
    'terminal.capture': signedIn('capture a sale', (args) => core.sales.capture(args)),
    // The manager is asked once the sale's state allows the void or refund: a refusal that needs no manager comes first.
    'terminal.void': signedIn('void a sale', ({ managerPin, ...args }, { source }) =>
      core.sales.void({ ...args, approve: () => void session.approve('void a sale', managerPin, source) }),
    ),
    'terminal.refund': signedIn('refund a sale', ({ managerPin, ...args }, { source }) =>
      core.sales.refund({
        ...args,
        // Above the lane's limit a refund is a manager's.
        approve: (amountMinor) => {
          if (amountMinor > core.settings.staff.refundLimitMinor)
            session.approve('refund more than the lane\u2019s limit', managerPin, source);
        },
      }),
    ),
    'terminal.reprint': (args) => core.sales.reprint(args),
    'terminal.lookup': (args) => core.sales.lookup(args),
    'terminal.history': (args) => core.sales.history(args),
    'terminal.endOfDay': (args) => core.sales.endOfDay(args),
    // Holds captured later and the day's deposits (ADR 090): staff's, as they list cards and money.
    'terminal.openAuthorizations': signedIn('see the open authorizations', () => core.sales.openAuthorizations()),
    'terminal.funding': signedIn('see the gateway\u2019s funding', (args) => core.sales.funding(args)),
    // A sale's customer (issue 17): staff only, as a kiosk's customer runs nothing but their own payment; deleting a card is a manager's.
    'terminal.storedCards': signedIn('see a customer\u2019s stored cards', (args) => core.customers.storedCards(args)),
    'terminal.deleteStoredCard': managers('delete a customer\u2019s stored card', (args) =>
      core.customers.deleteStoredCard(args),
    ),
    'terminal.addSignature': signedIn('add a signature to a sale', (args) =>
      core.customers.addSignature({ ...args, by: session.current()!.cashierId }),
    ),
    'terminal.recoveryQueue': () => core.sales.recoveryQueue(),
    'terminal.recover': () => core.sales.recover(),
    'journal.refusal': () => core.journalRefusal(),
    'journal.acknowledge': managers('acknowledge the journal problem', () => core.acknowledgeJournal()),
    // Leaving a sale whose outcome is unknown is a signed-in person's choice, journaled with who made it.
    'terminal.newSale': ({ leaveUnknown }) => {
      if (!leaveUnknown) return core.sales.newSale();
      session.requireSignedIn('leave a sale whose outcome is unknown');
      return core.sales.newSale({ by: session.current()!.cashierId });
    },
    // The cashier vouches for money the lane never saw: somebody signed in, named in the journal.
    'terminal.cash': signedIn('take cash', (args) => core.sales.cash(args, session.current()!.cashierId)),
    'terminal.returnParts': managers('cancel a sale and give its paid parts back', ({ reason }) =>
      core.sales.returnParts(reason, session.current()!.cashierId),
    ),
    'terminal.restTakenOutside': signedIn('record the rest taken another way', (args) =>
      core.sales.restTakenOutside({ ...args, by: session.current()!.cashierId }),
    ),
    'terminal.findings': () => core.sales.findings(),
    'terminal.acknowledgeFinding': signedIn('acknowledge what recovery found', ({ entryId, managerPin }, caller) => {
      // An offline decline is money the store did not get, the customer gone: a manager sees it and acts (ADR 074).
      const finding = core.sales.findings().find((found) => found.entryId === entryId);
      if (finding?.outcome === 'offline-declined')
        session.approve('acknowledge an offline decline', managerPin, caller.source);
      return core.sales.acknowledgeFinding(entryId, session.current()!.cashierId);
    }),
    'terminal.printFinding': signedIn('print a receipt recovery found', ({ entryId }) =>
      core.sales.printFinding(entryId),
    ),
    'terminal.settleByHand': managers('record what a person found', (args) => core.sales.settleByHand(args)),
    // A test page needs somebody signed in: it writes to whatever the printer setting names.
    'printers.testPrint': signedIn('print a test page', (args) => core.printers.testPrint(args)),
    'printers.resume': (args) => core.printers.resume(args),
    'printers.discardHeld': (args) => core.printers.discardHeld(args),
    'printers.lastPage': signedIn('see the printed page', (args, { source }) => {
      if (!lastPageCalls.take(source)) {
        throw new LaneError(
          'throttled',
          `The printed page was asked for more than ${lastPageLimit.max} times in ${lastPageLimit.windowMs / 1000} seconds from this screen: wait a few seconds, then try again.`,
        );
      }
      return core.printers.lastPage(args);
    }),
    'training.loseNextAnswer': async () => {
      trainingOnly('loses answers on purpose');
      await core.trainingGateway.loseNextAnswer();
      return { armed: true } as const;
    },
    'training.networkDown': async ({ seconds }) => {
      trainingOnly('takes the gateway off the network');
      await core.trainingGateway.networkDown(seconds);
      return { seconds };
    },
    'training.failDns': async ({ seconds }) => {
      trainingOnly('makes the gateway host fail to resolve');
      await core.trainingGateway.failDns(seconds);
      return { seconds };
    },
    'training.networkBack': async () => {
      trainingOnly('brings the gateway back on the network');
      await core.trainingGateway.networkBack();
      return { back: true } as const;
    },
    'training.reset': managers('reset training', async () => {
      trainingOnly('is reset');
      await core.trainingGateway.reset();
      return { reset: true } as const;
    }),
    'training.settleBatches': async () => {
      trainingOnly('settles batches on request');
      return { batches: await core.trainingGateway.settleBatches() };
    },
    'training.payOnPhone': async ({ payload }) => {
      trainingOnly('has an emulated phone');
      return core.wallet.payOnPhone(payload);
    },
    // A lane that takes cards on its own reader has no terminal to draw (ADR 085).
    'training.terminalScreen': () =>
      core.settings.training && core.settings.payments.device === 'integrated-terminal'
        ? (core.trainingTerminal?.screen() ?? null)
        : null,
    'training.terminalAction': async (action) => {
      trainingOnly('has an emulated integrated terminal');
      if (core.settings.payments.device !== 'integrated-terminal' || !core.trainingTerminal)
        throw new LaneError(
          'refused',
          'This lane takes cards on its own reader: there is no integrated terminal to act on.',
        );
      return core.trainingTerminal.act(action);
    },
    'signature.session': () => core.signature.session(),
    'signature.begin': (args) => core.signature.begin(args),
    'signature.clear': () => core.signature.clear(),
    'signature.accept': () => core.signature.accept(),
    'signature.submit': ({ signature }) => core.signature.submit(signature),
    'signature.cancel': () => core.signature.cancel(),
    'signature.recorded': () => core.signature.recorded(),
    'signature.replay': ({ name }) => core.signature.replay(name),
    // The self-checkout (issue 20): the customer's own visit runs with nobody signed in on a kiosk, as their payment does.
    'kiosk.state': () => core.kiosk.state(),
    'kiosk.catalogue': () => core.kiosk.catalogue(),
    'kiosk.start': customerPayment('start a self-checkout', () => core.kiosk.start()),
    'kiosk.scan': customerPayment('scan an item', ({ barcode }) => core.kiosk.scan(barcode)),
    'kiosk.add': customerPayment('add an item', ({ itemId, quantity }) => core.kiosk.add(itemId, quantity)),
    // A locked basket (a payment approved on it) is staff's to change: the kiosk service asks who is signed in.
    'kiosk.setQuantity': customerPayment('change the basket', ({ itemId, quantity }) =>
      core.kiosk.setQuantity(itemId, quantity),
    ),
    'kiosk.pay': customerPayment('take a payment', ({ tender, language }) => core.kiosk.pay(tender, language)),
    'kiosk.receipt': customerPayment('print a receipt', ({ print }) => core.kiosk.receipt(print)),
    'kiosk.finish': customerPayment('end the visit', () => core.kiosk.finish()),
    'kiosk.abandon': (args, caller) =>
      // Staff abandon a visit the customer may not (one waiting for staff): they must be signed in.
      args.reason === 'staff'
        ? signedIn('cancel the customer\u2019s order', ({ reason, voids }: typeof args) =>
            core.kiosk.abandon(reason, voids ?? []),
          )(args, caller)
        : customerPayment('cancel the order', ({ reason }: typeof args) => core.kiosk.abandon(reason))(args),
    // Money given back at a kiosk is a manager's, as the counter's void is.
    'kiosk.voidPayment': signedIn('void a payment', ({ orderId }, { source }) => {
      session.approve('void a payment', undefined, source);
      return core.kiosk.voidPayment(orderId);
    }),
    'kiosk.callStaff': customerPayment('call a member of staff', () => core.kiosk.callForHelp()),
    // The customer's own receipt: a kiosk's customer asks for it as they pay; staff from History.
    'receipts.email': customerPayment('email a receipt', ({ orderId, address }) =>
      core.receiptMail.queue({ orderId, address }),
    ),
    'receipts.sms': customerPayment('text a receipt', ({ orderId, phone }) =>
      core.receiptMail.queueText({ orderId, phone }),
    ),
    'receipts.outbox': () => core.receiptMail.state(),
    'day.shift': signedIn('see the shift', () => core.day.shift()),
    'day.openShift': signedIn('open a shift', ({ floatMinor }) =>
      core.day.openShift(floatMinor, session.current()!.cashierId),
    ),
    'day.closeShift': signedIn('close the shift', ({ countedMinor, managerPin }, { source }) => {
      session.approve('close the shift', managerPin, source);
      return core.day.closeShift(countedMinor, session.current()!.cashierId);
    }),
    'day.noSale': signedIn('open the drawer without a sale', ({ reason, managerPin }, { source }) => {
      const approvedBy = session.approve('open the drawer without a sale', managerPin, source);
      return core.day.noSale(reason, session.current()!.cashierId, approvedBy);
    }),
    'day.xReport': signedIn('print an X report', () => core.day.xReport()),
    'day.zReport': signedIn('close the day (Z report)', ({ managerPin }, { source }) =>
      core.day.zReport(session.approve('close the day (Z report)', managerPin, source)),
    ),
    'kiosk.setService': signedIn('take the kiosk out of service or back in', ({ inService, message }) =>
      core.kiosk.setService(inService, message, session.current()!.cashierId),
    ),
    ...createOfflineHandlers(core.offline, session),
    // The customer display (ADR 087): its page reads and answers (customer-role.ts); the counter rings up and asks.
    'customerDisplay.view': () => core.customerDisplay.view(),
    'customerDisplay.brand': () => core.customerDisplay.brand(),
    'customerDisplay.showOrder': ({ lines, amountMinor }) => core.customerDisplay.showOrder(lines, amountMinor),
    'customerDisplay.askTip': signedIn('ask the customer for a tip', ({ baseMinor }) =>
      core.customerDisplay.askTip(baseMinor),
    ),
    'customerDisplay.answer': (answer) => core.customerDisplay.answer(answer),
    'customerDisplay.takeBack': signedIn('take the question back from the customer', ({ reason }) =>
      core.customerDisplay.takeBack(reason, session.current()?.cashierId),
    ),
  };
}

/** A keystroke's or pause's answer: whether the key is kept from the page, and until when keys are held. */
function keystrokeAnswer(core: Pick<Core, 'deviceManager'>, source: string, consumed: boolean): KeystrokeAnswer {
  const settleAt = core.deviceManager.keysSettleAt(source);
  return { consumed, ...(settleAt !== undefined && { settleAt }) };
}
