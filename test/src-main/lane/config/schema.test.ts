import { describe, expect, it } from 'vitest';
import { isLoopbackHost, settingsSchema } from '../../../../src-main/lane/config/schema';

/** The dotted paths zod names for `input`, unknown keys included (one per key). */
function rejectedPaths(input: unknown): string[] {
  const result = settingsSchema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be rejected`).toBe(false);
  return (result.error?.issues ?? []).flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => [...issue.path, key].join('.'))
      : [issue.path.join('.')],
  );
}

describe('settingsSchema defaults', () => {
  it('turns {} into a fresh install: training counter mode on the built-in emulator', () => {
    expect(settingsSchema.parse({})).toEqual({
      mode: 'counter',
      training: true,
      terminalId: 'LANE-01',
      merchantId: '',
      gateway: { url: '', termid: '' },
      host: { port: 8710 },
      payments: {
        device: 'reader',
        tips: false,
        authorizationExpiryDays: 30,
        authorizationWarnDays: 25,
        forcedCredit: false,
        ach: false,
        cardTimeoutSeconds: 60,
        recoveryRetrySeconds: 30,
        confirmAboveMinor: 100_000,
        askStreetWhenKeyed: false,
      },
      hub: { url: '', laneId: '' },
      receiptMail: {
        host: null,
        port: 587,
        security: 'starttls',
        user: null,
        from: null,
        maxAttempts: 10,
        firstRetryMs: 30_000,
        maxRetryMs: 1_800_000,
        timeoutMs: 30_000,
      },
      receiptSms: {
        url: null,
        from: null,
        link: null,
        maxAttempts: 10,
        firstRetryMs: 30_000,
        maxRetryMs: 1_800_000,
        timeoutMs: 15_000,
      },
      kiosk: {
        idleResetSeconds: 90,
        staffIdleSeconds: 60,
        taxRates: [],
        languages: ['en'],
        scanner: null,
        staffCall: { url: null, timeoutMs: 5000, firstRetryMs: 2000 },
      },
      customerDisplay: {
        enabled: false,
        displayId: null,
        storeName: '',
        message: '',
        logoFile: '',
        tipPercents: [15, 18, 20],
        languages: ['en', 'es'],
      },
      wallet: {
        enabled: false,
        payLinkHost: '',
        payLinkPort: 8711,
        certificateFile: '',
        keyFile: '',
        merchantId: '',
        googleMerchantId: '',
        tokenizerUrl: '',
        storeName: '',
      },
      log: { level: 'info' },
      devices: [],
      printers: [],
      signaturePads: [],
      signature: {
        policy: 'network-rules',
        capture: 'auto',
        allowSkip: false,
        canvasWidth: 384,
        canvasHeight: 128,
        lineWidth: 3,
      },
      staff: { members: [], refundLimitMinor: 5000 },
      surcharge: { enabled: false, storePostal: '' },
      integratedTerminal: { baseUrl: '', merchantId: '', hsn: '', pinDebit: false },
      offline: {
        enabled: false,
        perPaymentMaxMinor: 5000,
        totalMaxMinor: 50_000,
        maxCount: 20,
        maxAgeHours: 24,
        allowSwipe: false,
        allowKeyed: false,
      },
    });
  });

  it('reads the offline section and names a bad limit', () => {
    expect(settingsSchema.parse({ offline: { enabled: true, maxCount: 5 } }).offline).toMatchObject({
      enabled: true,
      maxCount: 5,
      perPaymentMaxMinor: 5000,
    });
    expect(rejectedPaths({ offline: { maxCount: 0 } })).toEqual(['offline.maxCount']);
    expect(rejectedPaths({ offline: { allowSwipe: 'yes' } })).toEqual(['offline.allowSwipe']);
    expect(rejectedPaths({ offline: { wallet: true } })).toEqual(['offline.wallet']);
    const over = settingsSchema.safeParse({ offline: { perPaymentMaxMinor: 9000, totalMaxMinor: 8000 } });
    expect(over.error?.issues[0]).toMatchObject({
      path: ['offline', 'perPaymentMaxMinor'],
      message: expect.stringContaining('above totalMaxMinor'),
    });
  });

  it('reads the hub section: https, or http on loopback only; a lane id of letters, digits and dashes', () => {
    expect(settingsSchema.parse({ hub: { url: 'https://hub.example:8713', laneId: 'lane-3f9k2c' } }).hub).toEqual({
      url: 'https://hub.example:8713',
      laneId: 'lane-3f9k2c',
    });
    expect(rejectedPaths({ hub: { url: 'http://192.168.1.20:8713' } })).toEqual(['hub.url']);
    expect(rejectedPaths({ hub: { url: 'https://user:pw@hub.example' } })).toEqual(['hub.url']);
    expect(rejectedPaths({ hub: { laneId: 'lane 1' } })).toEqual(['hub.laneId']);
    expect(rejectedPaths({ hub: { key: 'lpk_x' } })).toEqual(['hub.key']);
  });

  it('reads the surcharge section and names a bad store postal code', () => {
    expect(settingsSchema.parse({ surcharge: { enabled: true, storePostal: '62701' } }).surcharge).toEqual({
      enabled: true,
      storePostal: '62701',
    });
    const bad = settingsSchema.safeParse({ surcharge: { storePostal: '627' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['surcharge', 'storePostal'],
      message: 'expected a US postal code: 5 or 9 digits',
    });
  });

  it('keeps wallet payments on loopback in training, and names what a live lane still needs', () => {
    expect(settingsSchema.parse({ wallet: { enabled: true } }).wallet.enabled).toBe(true);
    const paths = (input: object) => {
      const result = settingsSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(paths({ wallet: { enabled: true, payLinkHost: '192.168.1.20' } })).toEqual([
      'wallet.payLinkHost: training serves the pay page on loopback only; leave it empty',
    ]);
    expect(
      paths({ training: false, wallet: { enabled: true, payLinkHost: 'lane1.store.lan', keyFile: '/k.pem' } }),
    ).toEqual([
      'wallet.certificateFile: wallet payments outside training need the pay page\u2019s certificate (PEM)',
      'wallet.merchantId: wallet payments outside training need the wallet merchant identifier',
      'wallet.tokenizerUrl: wallet payments outside training need the tokenizer\u2019s https URL',
    ]);
    expect(paths({ wallet: { tokenizerUrl: 'http://tokenizer.example' } })).toEqual([
      'wallet.tokenizerUrl: expected an https URL, e.g. https://site.cardconnect.com',
    ]);
    expect(paths({ training: false, wallet: { enabled: false } })).toEqual([]);
  });

  it('reads card reader settings and names what is wrong with one', () => {
    const parsed = settingsSchema.parse({
      training: false,
      devices: [
        { id: 'counter-reader', protocol: 'keyboard' },
        { id: 'neo', protocol: 'vivotech2', serial: { path: '/dev/ttyUSB0' } },
        {
          id: 'swipe',
          protocol: 'magtek-hid',
          hid: { vendorId: '0801', productId: '0x0002' },
          chipFailuresBeforeFallback: 0,
        },
      ],
    });
    expect(parsed.devices).toEqual([
      { id: 'counter-reader', kind: 'card-reader', protocol: 'keyboard', chipFailuresBeforeFallback: 1 },
      {
        id: 'neo',
        kind: 'card-reader',
        protocol: 'vivotech2',
        serial: { path: '/dev/ttyUSB0', baudRate: 19200, parity: 'none' },
        chipFailuresBeforeFallback: 1,
      },
      {
        id: 'swipe',
        kind: 'card-reader',
        protocol: 'magtek-hid',
        hid: { vendorId: 0x0801, productId: 2 },
        chipFailuresBeforeFallback: 0,
      },
    ]);
    const problems = (devices: unknown, training = false) =>
      settingsSchema
        .safeParse({ training, devices })
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems([{ id: 'a', protocol: 'telepathy' }])).toEqual([
      'devices.0.protocol: expected protocol "keyboard", "idtech-hid", "magtek-hid", "hid-pos-msr", "vivotech2", "pae" or "emulated"',
    ]);
    expect(problems([{ id: 'a', protocol: 'vivotech2', serial: { path: '/dev/ttyS0', baudRate: 12345 } }])).toEqual([
      'devices.0.serial.baudRate: expected 9600, 19200, 38400, 57600 or 115200',
    ]);
    expect(
      problems([
        { id: 'a', protocol: 'keyboard' },
        { id: 'a', protocol: 'keyboard' },
      ]),
    ).toEqual([
      'devices.1.id: "a" is used by another device',
      'devices.1.protocol: only one reader can use the keyboard; another one already does',
    ]);
    expect(problems([{ id: 'a', protocol: 'emulated' }])).toEqual([
      'devices.0.protocol: emulated devices are for training mode only',
    ]);
    expect(problems([{ id: 'a', protocol: 'emulated' }], true)).toBeUndefined();
  });

  it('reads signature pad and signature settings and names what is wrong with them', () => {
    const parsed = settingsSchema.parse({
      training: false,
      signaturePads: [
        {
          id: 'pad',
          protocol: 'isdv4',
          serial: { path: '/dev/ttyS1' },
          buttons: { accept: { x: 9000, y: 2500, width: 1000, height: 500 } },
        },
        {
          id: 'hid-pad',
          protocol: 'hid-digitizer',
          hid: { vendorId: '056a', productId: '00a8' },
          reportDescriptor: '050d0902a101c0',
        },
      ],
      signature: { policy: 'always', capture: 'pad' },
    });
    expect(parsed.signaturePads[0]).toEqual({
      id: 'pad',
      kind: 'signature-pad',
      protocol: 'isdv4',
      serial: { path: '/dev/ttyS1', baudRate: 38400, parity: 'none' },
      buttons: { accept: { x: 9000, y: 2500, width: 1000, height: 500 } },
    });
    expect(parsed.signature).toEqual({
      policy: 'always',
      capture: 'pad',
      allowSkip: false,
      canvasWidth: 384,
      canvasHeight: 128,
      lineWidth: 3,
    });
    const problems = (settings: object) =>
      settingsSchema.safeParse(settings).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems({ training: false, signaturePads: [{ id: 'p', protocol: 'emulated' }] })).toEqual([
      'signaturePads.0.protocol: emulated devices are for training mode only',
    ]);
    expect(problems({ signaturePads: [{ id: 'p', protocol: 'topaz' }] })).toEqual([
      'signaturePads.0.protocol: expected protocol "hid-digitizer", "isdv4" or "emulated"',
    ]);
    expect(
      problems({ signaturePads: [{ id: 'x', protocol: 'emulated' }], devices: [{ id: 'x', protocol: 'keyboard' }] }),
    ).toEqual(['devices.0.id: "x" is used by another device']);
    expect(problems({ signature: { policy: 'sometimes' } })).toEqual([
      'signature.policy: expected "network-rules", "always", "never"',
    ]);
    expect(problems({ signature: { canvasWidth: 1000 } })).toEqual([
      'signature.canvasWidth: expected an integer from 64 to 576',
    ]);
    expect(
      problems({
        signaturePads: [{ id: 'p', protocol: 'hid-digitizer', hid: { path: '/dev/hidraw1' }, reportDescriptor: 'zz' }],
      }),
    ).toEqual(['signaturePads.0.reportDescriptor: expected the report descriptor in hex, two digits a byte']);
  });

  it('fills a half-written section from its own defaults', () => {
    expect(settingsSchema.parse({ host: {}, kiosk: { idleResetSeconds: 120 } })).toMatchObject({
      host: { port: 8710 },
      kiosk: { idleResetSeconds: 120 },
    });
  });
});

describe('settingsSchema rules', () => {
  it.each<[string, unknown, string]>([
    ['mode', { mode: 'drive-thru' }, 'mode'],
    ['training as text', { training: 'yes' }, 'training'],
    ['terminalId with a space', { terminalId: 'LANE 01' }, 'terminalId'],
    ['terminalId empty', { terminalId: '' }, 'terminalId'],
    ['terminalId of 17', { terminalId: 'L'.repeat(17) }, 'terminalId'],
    ['merchantId with a space', { merchantId: '496028 00000' }, 'merchantId'],
    ['merchantId of 17 digits', { merchantId: '1'.repeat(17) }, 'merchantId'],
    ['merchantId of 17 characters', { merchantId: 'M'.repeat(17) }, 'merchantId'],
    ['port above 65535', { host: { port: 65536 } }, 'host.port'],
    ['negative port', { host: { port: -1 } }, 'host.port'],
    ['fractional port', { host: { port: 8710.5 } }, 'host.port'],
    ['port as text', { host: { port: '8710' } }, 'host.port'],
    ['idle reset below 15', { kiosk: { idleResetSeconds: 14 } }, 'kiosk.idleResetSeconds'],
    ['idle reset above 3600', { kiosk: { idleResetSeconds: 3601 } }, 'kiosk.idleResetSeconds'],
    [
      'a tax rate above 100 %',
      { kiosk: { taxRates: [{ id: 'x', name: 'X', basisPoints: 10_001 }] } },
      'kiosk.taxRates.0.basisPoints',
    ],
    [
      'a tax rate listed twice',
      {
        kiosk: {
          taxRates: [
            { id: 'food', name: 'Food', basisPoints: 0 },
            { id: 'food', name: 'Food again', basisPoints: 0 },
          ],
        },
      },
      'kiosk.taxRates.1.id',
    ],
    ['no language', { kiosk: { languages: [] } }, 'kiosk.languages'],
    ['a language twice', { kiosk: { languages: ['en', 'es', 'en'] } }, 'kiosk.languages.2'],
    ['a language that is no code', { kiosk: { languages: ['English'] } }, 'kiosk.languages.0'],
    ['a scanner without a port', { kiosk: { scanner: { serial: {} } } }, 'kiosk.scanner.serial.path'],
    ['log level', { log: { level: 'loud' } }, 'log.level'],
    ['section that is not an object', { kiosk: 90 }, 'kiosk'],
    ['http off loopback', { training: false, gateway: { url: 'http://192.168.1.5/cardconnect/rest' } }, 'gateway.url'],
    ['ftp scheme', { training: false, gateway: { url: 'ftp://gateway.example/' } }, 'gateway.url'],
    ['credentials in the URL', { training: false, gateway: { url: 'https://u:p@gateway.example/' } }, 'gateway.url'],
    ['a relative URL', { training: false, gateway: { url: 'gateway.example/rest' } }, 'gateway.url'],
    ['unknown top-level key', { gatewayUrl: 'https://gateway.example/' }, 'gatewayUrl'],
    ['unknown nested key', { gateway: { URL: 'https://gateway.example/' } }, 'gateway.URL'],
  ])('rejects %s, naming the setting', (_what, input, setting) => {
    expect(rejectedPaths(input)).toContain(setting);
  });

  it('names every unknown key, not only the first', () => {
    expect(rejectedPaths({ modes: 'kiosk', trainning: false, log: { levle: 'debug' } }).sort()).toEqual([
      'log.levle',
      'modes',
      'trainning',
    ]);
  });

  it.each<[string, unknown]>([
    ['port 0 (any free port)', { host: { port: 0 } }],
    ['port 65535', { host: { port: 65535 } }],
    ['idle reset 15', { kiosk: { idleResetSeconds: 15 } }],
    ['idle reset 3600', { kiosk: { idleResetSeconds: 3600 } }],
    [
      'a store’s tax rates and languages',
      {
        kiosk: {
          taxRates: [{ id: 'standard', name: 'Sales tax', basisPoints: 825 }],
          languages: ['en', 'es', 'fr-CA'],
        },
      },
    ],
    ['a serial scanner at its default baud rate', { kiosk: { scanner: { serial: { path: '/dev/ttyACM0' } } } }],
    ['a 16-character terminal id', { terminalId: 'Lane-0123456789a' }],
    ['a 16-digit merchant id', { merchantId: '4960280000000001' }],
    // The gateway's OpenAPI file: merchid is a string of up to 16, not necessarily digits.
    ['a merchant id with letters', { merchantId: '49602800000A' }],
    ['a 16-character merchant id', { merchantId: 'MID-LANEPOINT-01' }],
    ['kiosk mode', { mode: 'kiosk' }],
    ['every log level', { log: { level: 'trace' } }],
  ])('accepts %s', (_what, input) => {
    expect(settingsSchema.safeParse(input).success).toBe(true);
  });
});

describe('gateway.url and training', () => {
  it.each([
    'http://127.0.0.1:9000/rest',
    'http://127.8.9.10/rest',
    'http://[::1]:9000/rest',
    'http://localhost:9000/',
    'http://LOCALHOST./',
    // The WHATWG parser normalizes the decimal form to 127.0.0.1: the host is read, not the text.
    'http://2130706433/',
  ])('accepts plain http on loopback %s, even in training', (url) => {
    expect(settingsSchema.safeParse({ gateway: { url } }).success).toBe(true);
  });

  it.each([
    'http://192.168.1.5/rest',
    'http://127.0.0.1.evil.example/',
    'http://evil.example#@127.0.0.1/',
    'http://evil.example/?u=http://127.0.0.1/',
  ])('rejects plain http on %s, which is not loopback', (url) => {
    expect(rejectedPaths({ training: false, gateway: { url } })).toEqual(['gateway.url']);
  });

  it('accepts an https gateway on a live terminal', () => {
    const url = 'https://gateway.example:6443/cardconnect/rest';
    expect(settingsSchema.parse({ training: false, gateway: { url } }).gateway.url).toBe(url);
  });

  it('refuses a non-loopback gateway in training, naming gateway.url and why', () => {
    const result = settingsSchema.safeParse({ training: true, gateway: { url: 'https://gateway.example/rest' } });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['gateway', 'url'], message: expect.stringMatching(/training mode refuses/) }),
    ]);
  });

  it('accepts an https loopback gateway in training', () => {
    expect(settingsSchema.safeParse({ gateway: { url: 'https://127.0.0.1:8711/rest' } }).success).toBe(true);
  });

  it('reports a URL that does not parse in training as one issue, instead of throwing', () => {
    expect(() => settingsSchema.safeParse({ training: true, gateway: { url: 'not a url' } })).not.toThrow();
    expect(rejectedPaths({ training: true, gateway: { url: 'not a url' } })).toEqual(['gateway.url']);
  });

  it('takes an http or https staff call channel for the kiosk, and names a bad one', () => {
    const url = 'http://pager.store.lan/kiosk-calls';
    expect(settingsSchema.parse({ kiosk: { staffCall: { url } } }).kiosk.staffCall.url).toBe(url);
    for (const bad of ['pager.store.lan', 'ftp://pager.store.lan/calls'])
      expect(settingsSchema.safeParse({ kiosk: { staffCall: { url: bad } } }).error?.issues).toEqual([
        expect.objectContaining({
          path: ['kiosk', 'staffCall', 'url'],
          message: expect.stringMatching(/^expected an absolute http or https URL/),
        }),
      ]);
    expect(rejectedPaths({ kiosk: { staffCall: { timeoutMs: 50 } } })).toEqual(['kiosk.staffCall.timeoutMs']);
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.255.255.254', 'localhost', 'LocalHost', 'localhost.', '[::1]', '::1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['192.168.1.5', '10.0.0.1', '128.0.0.1', '0.0.0.0', 'localhost.evil.example', 'mylocalhost', '::2', '[::]'])(
    '%s is not loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});
