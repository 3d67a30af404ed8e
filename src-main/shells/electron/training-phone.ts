import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { BrowserWindow, ElectronApi, WebContents } from './electron-api';
import { secureWebPreferences } from './security';

/**
 * Training's phone in the Electron shell: the trainee's "Open on the training phone" opens the
 * pay link the lane serves, and nothing else, in a child window of its own. The window has no
 * preload (the pay page gets no bridge to the core), the renderer's sandbox, its own in-memory
 * session (a second device shares no storage with the lane), and it is hardened like every
 * other WebContents. Its page is served with training's self-signed certificate, which is
 * trusted there for that origin only. Outside training nothing opens.
 */

/** The lane's pay-link service in training once it runs (LaneWallet.trainingPhone). */
export type TrainingPayLink = { readonly origin: string; readonly certificate: string } | undefined;

/** The session the phone window uses: in memory (no `persist:`), apart from the lane's. */
export const trainingPhonePartition = 'lanepoint-training-phone';

/** A phone's viewport, as the pay page is made for. */
const phoneSize = { width: 390, height: 780 } as const;

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * True only for a pay link of the training pay-link service: https, its exact origin, on
 * loopback, `/pay/<22-character id>`, with no credentials, query or fragment.
 */
export function isTrainingPayLinkUrl(url: string, payLink: TrainingPayLink): boolean {
  if (!payLink) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname;
  const loopback = loopbackHosts.has(host) || (isIP(host) === 4 && host.startsWith('127.'));
  return (
    parsed.protocol === 'https:' &&
    loopback &&
    parsed.origin === payLink.origin &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.search === '' &&
    parsed.hash === '' &&
    /^\/pay\/[A-Za-z0-9_-]{22}$/.test(parsed.pathname)
  );
}

/** The same certificate, whatever its PEM's line breaks: compared as DER. */
function sameCertificate(pem: string, other: string): boolean {
  try {
    return new X509Certificate(pem).raw.equals(new X509Certificate(other).raw);
  } catch {
    return false;
  }
}

export interface TrainingPhoneWindows {
  /** For the window-open handler: true when `url` was the training pay link and the phone window opened it. */
  open(url: string): boolean;
  /** For app 'certificate-error': lets through training's pay-link certificate on its own origin in the phone window. */
  certificateError(...args: CertificateErrorArguments): void;
}

/** What Electron's app 'certificate-error' passes, in its order (its shape, not ours). */
type CertificateErrorArguments = [
  event: { preventDefault(): void },
  contents: WebContents,
  url: string,
  error: string,
  certificate: { readonly data: string },
  callback: (trusted: boolean) => void,
];

/** The phone window for the lane's window (`parent`), over the pay link training serves now. */
export function createTrainingPhoneWindows(
  electron: Pick<ElectronApi, 'BrowserWindow'>,
  parent: () => BrowserWindow | undefined,
  payLink: () => TrainingPayLink,
): TrainingPhoneWindows {
  let phone: BrowserWindow | undefined;
  return {
    open(url) {
      if (!isTrainingPayLinkUrl(url, payLink())) return false;
      if (!phone) {
        const owner = parent();
        phone = new electron.BrowserWindow({
          title: 'Training phone',
          ...phoneSize,
          ...(owner ? { parent: owner } : {}),
          autoHideMenuBar: true,
          webPreferences: { ...secureWebPreferences({ devTools: false }), partition: trainingPhonePartition },
        });
        const opened = phone;
        opened.on('closed', () => {
          if (phone === opened) phone = undefined;
        });
      }
      // Opened by the shell, not by window.open: loadURL starts no navigation a page could steer.
      void phone.loadURL(url).catch(() => undefined);
      phone.focus();
      return true;
    },
    certificateError(...[event, contents, url, , certificate, callback]) {
      const link = payLink();
      const trusted =
        phone !== undefined &&
        contents.id === phone.webContents.id &&
        link !== undefined &&
        new URL(url).origin === link.origin &&
        sameCertificate(certificate.data, link.certificate);
      if (trusted) event.preventDefault();
      callback(trusted);
    },
  };
}
