/** The terminal itself: what it is, its mode and shell. */
import { noArgs } from './schemas';
import { command } from './spec';

export const terminalModes = ['counter', 'kiosk'] as const;
export type TerminalMode = (typeof terminalModes)[number];

/** Which shell hosts the renderer: the Electron app, or the Node host serving a browser. */
export type ShellKind = 'electron' | 'browser';

export interface AppInfo {
  readonly name: 'Lanepoint';
  readonly version: string;
  readonly mode: TerminalMode;
  /** Training mode: embedded gateway emulator, emulated devices, its own journal, no real money. */
  readonly training: boolean;
  readonly terminalId: string;
  readonly shell: ShellKind;
}

export const appCommands = {
  'app.info': command<AppInfo>()('Version, mode and training flag of this terminal.', noArgs),
} as const;
