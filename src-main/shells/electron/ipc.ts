import type { Core } from '../../lane/core/core';
import { commandNames, ipcChannels, type CommandReply } from '../../lane/ipc/contract';
import type { CommandCaller } from '../../lane/ipc/dispatcher';
import { mayHear, type CallerRole } from '../../lane/ipc/customer-role';
import { isForSource, type EventHub } from '../../lane/ipc/event-hub';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from './electron-api';
import { describeOrigin, isAppUrl } from './origin';

/** Decides whether an IPC message may reach the core. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/**
 * True when an IPC message comes from the top frame of one of our own windows showing our own
 * page. A subframe, a frame that is gone (`senderFrame` null), a page that navigated elsewhere,
 * or a WebContents we did not create is refused, whatever it sends.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, trustedContents: Pick<ReadonlySet<number>, 'has'>): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.isDestroyed()) return false;
  if (!trustedContents.has(event.sender.id)) return false;
  // The top frame has no parent; comparing with sender.mainFrame would rely on Electron
  // handing out the same wrapper object each time.
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

const forbidden: CommandReply = {
  ok: false,
  error: { code: 'forbidden', message: 'This window may not control the terminal.' },
};

/**
 * One `ipcMain.handle` per contract command. The sender is checked first, then the core's
 * dispatcher validates the arguments; nothing unchecked reaches the core. A refusal is a
 * reply, not a throw: an Error crossing IPC would lose its code. `callerOf` names the caller a
 * trusted window's commands are dispatched as: its source, and its role where it has one (the
 * customer display's window), which the dispatcher holds to that role's commands.
 */
export function setupCommands(
  ipcMain: IpcMain,
  core: Pick<Core, 'dispatch' | 'logger'>,
  isTrusted: SenderCheck,
  callerOf: (contentsId: number) => CommandCaller = windowCaller,
): void {
  for (const name of commandNames) {
    ipcMain.handle(ipcChannels.command(name), async (event, args: unknown): Promise<CommandReply> => {
      if (!isTrusted(event)) {
        core.logger.warn(
          { command: name, senderId: event.sender.id, frame: describeOrigin(event.senderFrame?.url) },
          'electron: refused IPC from an untrusted sender',
        );
        return forbidden;
      }
      return core.dispatch(name, args, callerOf(event.sender.id));
    });
  }
}

/** The caller a window's commands are dispatched as: one source per WebContents, and the window's role if any. */
export function windowCaller(contentsId: number, role?: CommandCaller['role']): CommandCaller {
  return role ? { source: `window:${contentsId}`, role } : { source: `window:${contentsId}` };
}

/**
 * Sends core events to one window's page until that page is gone: those for every screen, and
 * its own, and of those only what its role may hear (the customer display hears its view alone).
 */
export function forwardEvents(events: EventHub, contents: WebContents, caller: CallerRole = {}): () => void {
  const { source } = windowCaller(contents.id);
  const stop = events.subscribe((name, payload, target) => {
    if (!isForSource(target, source) || !mayHear(caller, name) || contents.isDestroyed()) return;
    contents.send(ipcChannels.event, name, payload);
  });
  contents.once('destroyed', stop);
  return stop;
}
