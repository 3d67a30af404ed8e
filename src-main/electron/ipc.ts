import { commandNames, ipcChannels, type CommandReply } from '../ipc/contract';
import type { Dispatch } from '../ipc/dispatcher';
import type { EventHub } from '../ipc/event-hub';
import type { Logger } from '../log/logger';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from './electron-api';
import { isAppUrl } from './origin';

/**
 * True when an IPC message comes from the top frame of one of our own windows showing our own
 * page. A subframe, a page that navigated elsewhere, or a WebContents we did not create is
 * refused, whatever it sends.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, trustedContents: ReadonlySet<number>): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.isDestroyed?.()) return false;
  if (!trustedContents.has(event.sender.id)) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

const forbidden: CommandReply = {
  ok: false,
  error: { code: 'forbidden', message: 'This window may not control the terminal.' },
};

/**
 * One `ipcMain.handle` per contract command. The sender is checked first, then the core's
 * dispatcher validates the arguments; nothing unchecked reaches the core.
 */
export function setupCommands(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  trustedContents: ReadonlySet<number>,
  logger: Logger,
): void {
  for (const name of commandNames) {
    ipcMain.handle(ipcChannels.command(name), async (event, args: unknown): Promise<CommandReply> => {
      if (!isTrustedSender(event, trustedContents)) {
        logger.warn({ command: name, senderId: event.sender.id }, 'electron: refused IPC from an untrusted sender');
        return forbidden;
      }
      return dispatch(name, args);
    });
  }
}

/** Sends every core event to one window until that window is gone. */
export function forwardEvents(events: EventHub, contents: WebContents): () => void {
  const stop = events.subscribe((name, payload) => {
    if (!contents.isDestroyed()) contents.send(ipcChannels.event, name, payload);
  });
  contents.once('destroyed', stop);
  return stop;
}
