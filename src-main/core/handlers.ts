import type { CommandHandlers } from '../ipc/dispatcher';
import { CommandFailure } from '../ipc/errors';
import type { Core } from './core';

/** Binds every contract command to the core. A command without a handler fails type-checking. */
export function createCommandHandlers(core: Pick<Core, 'info' | 'settings' | 'devices' | 'terminal' | 'cardReaders' | 'deviceManager' | 'signature' | 'printers' | 'sales' | 'session' | 'settingsService' | 'trainingGateway'>): CommandHandlers {
  const { session } = core;
  /** Money moves only with somebody signed in (or a kiosk's customer); the journal and the log say who. */
  const signedIn = <A, R>(action: string, run: (args: A) => R) => (args: A): R => {
    session.requireSignedIn(action);
    return run(args);
  };
  /** A manager's action: a signed-in manager, or a cashier with a manager's PIN. */
  const managers = <A extends { managerPin?: string | undefined }, R>(action: string, run: (args: Omit<A, 'managerPin'>) => R) => (args: A): R => {
    session.requireSignedIn(action);
    const { managerPin, ...rest } = args;
    session.approve(action, managerPin);
    return run(rest);
  };
  const trainingOnly = (what: string) => {
    if (!core.settings.training) throw new CommandFailure('failed_precondition', `Only training\u2019s built-in gateway ${what}.`);
  };
  return {
    'session.current': () => session.current(),
    'session.signIn': (args) => session.signIn(args),
    'session.signOut': () => session.signOut(),
    'session.trainingLogins': () => session.trainingLogins(),
    'settings.get': () => core.settingsService.view(),
    'settings.update': managers('change settings', ({ changes }) => core.settingsService.update(changes)),
    'settings.setCredentials': managers('store gateway credentials', ({ username, password }) => core.settingsService.setCredentials(username, password)),
    'settings.testCredentials': signedIn('test the gateway credentials', () => core.settingsService.testCredentials()),
    'app.info': () => core.info(),
    'devices.list': ({ kind }) => core.devices.list(kind),
    'devices.readCard': (args) => core.cardReaders.readCard(args),
    'devices.cancelRead': (args) => core.cardReaders.cancelRead(args),
    // Timed on arrival: the page's clock is not the main process's.
    'devices.keystroke': ({ key }) => ({ consumed: core.deviceManager.keystroke({ key, at: performance.now() }) }),
    'devices.testCards': () => core.cardReaders.testCards(),
    'devices.presentTestCard': (args) => core.cardReaders.presentTestCard(args),
    'terminal.state': () => core.terminal.current(),
    'terminal.sale': signedIn('take a payment', (args) => core.sales.sale(args)),
    'terminal.achSale': signedIn('take a payment', (args) => core.sales.achSale(args)),
    'terminal.profileSale': signedIn('take a payment', (args) => core.sales.profileSale(args)),
    'terminal.keyEntry': ({ key }) => core.sales.keyEntry(key),
    'terminal.cancel': () => core.sales.cancel(),
    'terminal.capture': signedIn('capture a sale', (args) => core.sales.capture(args)),
    'terminal.void': managers('void a sale', (args) => core.sales.void(args)),
    'terminal.refund': signedIn('refund a sale', async ({ managerPin, ...args }) => {
      // Above the lane's limit a refund is a manager's; the full refund's amount is the sale's.
      const amountMinor = args.amountMinor ?? (await core.sales.saleAmount(args.orderId));
      if (amountMinor === undefined || amountMinor > core.settings.staff.refundLimitMinor) session.approve('refund more than the lane\u2019s limit', managerPin);
      return core.sales.refund(args);
    }),
    'terminal.reprint': (args) => core.sales.reprint(args),
    'terminal.lookup': (args) => core.sales.lookup(args),
    'terminal.history': (args) => core.sales.history(args),
    'terminal.endOfDay': (args) => core.sales.endOfDay(args),
    'terminal.recoveryQueue': () => core.sales.recoveryQueue(),
    'terminal.recover': () => core.sales.recover(),
    'terminal.newSale': () => core.sales.newSale(),
    'terminal.findings': () => core.sales.findings(),
    'terminal.acknowledgeFinding': signedIn('acknowledge what recovery found', ({ entryId }) => core.sales.acknowledgeFinding(entryId, session.current()!.cashierId)),
    'terminal.printFinding': signedIn('print a receipt recovery found', ({ entryId }) => core.sales.printFinding(entryId)),
    'terminal.settleByHand': managers('record what a person found', (args) => core.sales.settleByHand(args)),
    'printers.testPrint': (args) => core.printers.testPrint(args),
    'printers.resume': (args) => core.printers.resume(args),
    'printers.discardHeld': (args) => core.printers.discardHeld(args),
    'printers.lastPage': (args) => core.printers.lastPage(args),
    'training.loseNextAnswer': async () => {
      trainingOnly('loses answers on purpose');
      await core.trainingGateway.loseNextAnswer();
      return { armed: true } as const;
    },
    'training.settleBatches': async () => {
      trainingOnly('settles batches on request');
      return { batches: await core.trainingGateway.settleBatches() };
    },
    'signature.session': () => core.signature.session(),
    'signature.begin': (args) => core.signature.begin(args),
    'signature.clear': () => core.signature.clear(),
    'signature.accept': () => core.signature.accept(),
    'signature.submit': ({ signature }) => core.signature.submit(signature),
    'signature.cancel': () => core.signature.cancel(),
    'signature.recorded': () => core.signature.recorded(),
    'signature.replay': ({ name }) => core.signature.replay(name),
  };
}
