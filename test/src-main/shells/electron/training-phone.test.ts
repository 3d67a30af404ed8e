import { afterEach, describe, expect, it } from 'vitest';
import { isTrainingPayLinkUrl, trainingPhonePartition } from '../../../../src-main/shells/electron/training-phone';
import { createTrainingWalletKeys } from '../../../../src-main/stand-ins/training-wallet/training-keys';
import { closeStartedShells, startedShell } from './shell-fixture';

afterEach(closeStartedShells);

/** A training counter with wallet payments on, and a pay link open (the service started). */
async function shellWithPayLink() {
  const started = await startedShell({ settings: { wallet: { enabled: true, payLinkPort: 0 } } });
  const core = started.shell.core()!;
  const { url } = await core.wallet.openLink(1200);
  const served = core.wallet.trainingPhone()!;
  return { ...started, url, served };
}

const certificateError = (
  fake: Awaited<ReturnType<typeof startedShell>>['fake'],
  contents: { id: number },
  url: string,
  data: string,
) => {
  const answers: boolean[] = [];
  const prevented = fake.app.fire(
    'certificate-error',
    contents,
    url,
    'net::ERR_CERT_AUTHORITY_INVALID',
    { data },
    (trusted: boolean) => answers.push(trusted),
  );
  return { prevented, answers };
};

describe("training's phone window", () => {
  it('opens the pay link the lane serves in a hardened child window with no preload and a session of its own', async () => {
    const { fake, window, url, lines } = await shellWithPayLink();
    expect(window!.webContents.openWindow(url)).toEqual({ action: 'deny' });
    expect(fake.windows).toHaveLength(2);
    const phone = fake.windows[1]!;
    expect(phone.webContents.loadedUrls).toEqual([url]);
    expect(phone.options).toMatchObject({ title: 'Training phone', width: 390, height: 780, parent: window });
    const preferences = phone.options.webPreferences!;
    expect(preferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
      partition: trainingPhonePartition,
    });
    expect(preferences.preload).toBeUndefined();
    expect(preferences.partition?.startsWith('persist:')).toBe(false);
    expect(lines.some((line) => line.includes('denied window.open'))).toBe(false);
    // A second press reuses the one phone.
    window!.webContents.openWindow(url);
    expect(fake.windows).toHaveLength(2);
    expect(phone.webContents.loadedUrls).toEqual([url, url]);
  });

  it('is hardened like every window: no window.open, no navigation away, its session refuses every permission', async () => {
    const { fake, window, url } = await shellWithPayLink();
    window!.webContents.openWindow(url);
    const phone = fake.windows[1]!.webContents;
    expect(phone.openWindow(url)).toEqual({ action: 'deny' });
    expect(fake.windows).toHaveLength(2);
    expect(phone.fire('will-navigate', { url: 'https://evil.example/' }, 'https://evil.example/')).toBe(true);
    expect(
      fake.partitions
        .get(trainingPhonePartition)
        ?.permissionCheck?.({} as never, 'payment-handler' as never, '', {} as never),
    ).toBe(false);
  });

  it('opens nothing else: another origin, scheme, path, a query, credentials, or before any link', async () => {
    const before = await startedShell({ settings: { wallet: { enabled: true, payLinkPort: 0 } } });
    expect(before.window!.webContents.openWindow('https://127.0.0.1:8711/pay/AAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      action: 'deny',
    });
    expect(before.fake.windows).toHaveLength(1);
    const { fake, window, url, lines } = await shellWithPayLink();
    const link = new URL(url);
    const otherPort = `https://127.0.0.1:${Number(link.port) + 1}${link.pathname}`;
    for (const refused of [
      otherPort,
      url.replace('https:', 'http:'),
      `${url}/status`,
      `${url}?next=https://evil.example`,
      `${url}#x`,
      url.replace('https://', 'https://user:pass@'),
      'https://evil.example/pay/AAAAAAAAAAAAAAAAAAAAAA',
      'app://lanepoint/index.html',
    ])
      expect(window!.webContents.openWindow(refused)).toEqual({ action: 'deny' });
    expect(fake.windows).toHaveLength(1);
    expect(lines.filter((line) => line.includes('denied window.open'))).toHaveLength(8);
  });

  it('trusts training\u2019s pay-link certificate in the phone window on its origin, and no other certificate or window', async () => {
    const { fake, window, url, served } = await shellWithPayLink();
    window!.webContents.openWindow(url);
    const phone = fake.windows[1]!.webContents;
    expect(certificateError(fake, phone, url, served.certificate)).toEqual({ prevented: true, answers: [true] });
    // The lane's own window, another certificate, another origin: Chromium's refusal stands.
    expect(certificateError(fake, window!.webContents, url, served.certificate)).toEqual({
      prevented: false,
      answers: [false],
    });
    const other = createTrainingWalletKeys(Date.now()).root.toString();
    expect(certificateError(fake, phone, url, other)).toEqual({ prevented: false, answers: [false] });
    expect(certificateError(fake, phone, 'https://127.0.0.2:443/', served.certificate).answers).toEqual([false]);
  });
});

describe('isTrainingPayLinkUrl', () => {
  const payLink = { origin: 'https://127.0.0.1:8711', certificate: '' };
  it('takes only https loopback links of the served origin', () => {
    expect(isTrainingPayLinkUrl('https://127.0.0.1:8711/pay/abcdefghijABCDEFGHIJ_-', payLink)).toBe(true);
    expect(isTrainingPayLinkUrl('https://127.0.0.1:8711/pay/abcdefghijABCDEFGHIJ_-', undefined)).toBe(false);
    // A store-network address is never the training phone's, even when it is the served origin.
    const store = { origin: 'https://192.168.1.20:8711', certificate: '' };
    expect(isTrainingPayLinkUrl('https://192.168.1.20:8711/pay/abcdefghijABCDEFGHIJ_-', store)).toBe(false);
    expect(isTrainingPayLinkUrl('not a url', payLink)).toBe(false);
  });
});
