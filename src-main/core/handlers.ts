import type { CommandHandlers } from '../ipc/dispatcher';
import type { Core } from './core';

/** Binds every contract command to the core. A command without a handler fails type-checking. */
export function createCommandHandlers(core: Pick<Core, 'info' | 'devices' | 'terminal'>): CommandHandlers {
  return {
    'app.info': () => core.info(),
    'devices.list': ({ kind }) => core.devices.list(kind),
    'terminal.state': () => core.terminal.current(),
  };
}
