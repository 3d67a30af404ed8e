import type * as ElectronModule from 'electron';

/**
 * The parts of Electron the main-process shell uses. `startShell` takes them as an argument so
 * tests can pass a fake module that records every setting; at run time it is the real `electron`.
 */
export type ElectronApi = Pick<
  typeof ElectronModule,
  'app' | 'BrowserWindow' | 'ipcMain' | 'protocol' | 'session' | 'Menu' | 'dialog' | 'safeStorage' | 'screen'
>;

export type BrowserWindow = ElectronModule.BrowserWindow;
export type BrowserWindowConstructorOptions = ElectronModule.BrowserWindowConstructorOptions;
export type WebContents = ElectronModule.WebContents;
export type WebPreferences = ElectronModule.WebPreferences;
export type Session = ElectronModule.Session;
export type IpcMain = ElectronModule.IpcMain;
export type IpcMainInvokeEvent = ElectronModule.IpcMainInvokeEvent;
export type Protocol = ElectronModule.Protocol;
export type Input = ElectronModule.Input;
export type Display = ElectronModule.Display;
export type Rectangle = ElectronModule.Rectangle;
export type Screen = ElectronModule.Screen;
