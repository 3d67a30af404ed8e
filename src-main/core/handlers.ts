import type { CommandHandlers } from '../ipc/dispatcher';
import type { Core } from './core';

/** Binds every contract command to the core. A command without a handler fails type-checking. */
export function createCommandHandlers(core: Pick<Core, 'info' | 'devices' | 'terminal' | 'cardReaders' | 'deviceManager' | 'signature' | 'printers' | 'sales'>): CommandHandlers {
  return {
    'app.info': () => core.info(),
    'devices.list': ({ kind }) => core.devices.list(kind),
    'devices.readCard': (args) => core.cardReaders.readCard(args),
    'devices.cancelRead': (args) => core.cardReaders.cancelRead(args),
    // Timed on arrival: the page's clock is not the main process's.
    'devices.keystroke': ({ key }) => ({ consumed: core.deviceManager.keystroke({ key, at: performance.now() }) }),
    'devices.testCards': () => core.cardReaders.testCards(),
    'devices.presentTestCard': (args) => core.cardReaders.presentTestCard(args),
    'terminal.state': () => core.terminal.current(),
    'terminal.sale': (args) => core.sales.sale(args),
    'terminal.achSale': (args) => core.sales.achSale(args),
    'terminal.profileSale': (args) => core.sales.profileSale(args),
    'terminal.cancel': () => core.sales.cancel(),
    'terminal.capture': (args) => core.sales.capture(args),
    'terminal.void': (args) => core.sales.void(args),
    'terminal.refund': (args) => core.sales.refund(args),
    'terminal.reprint': (args) => core.sales.reprint(args),
    'terminal.lookup': (args) => core.sales.lookup(args),
    'terminal.history': (args) => core.sales.history(args),
    'terminal.endOfDay': (args) => core.sales.endOfDay(args),
    'terminal.recoveryQueue': () => core.sales.recoveryQueue(),
    'terminal.recover': () => core.sales.recover(),
    'terminal.settleByHand': (args) => core.sales.settleByHand(args),
    'printers.testPrint': (args) => core.printers.testPrint(args),
    'printers.resume': (args) => core.printers.resume(args),
    'printers.discardHeld': (args) => core.printers.discardHeld(args),
    'printers.lastPage': (args) => core.printers.lastPage(args),
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
