import { trainingPrinter } from '../devices/manager';
import { AuthenticationError, GatewayError, GatewayTransportError } from '../gateway/errors';
import type { GatewayClient } from '../gateway/client';
import {
  editableSettings,
  terminalModes,
  type EditableSetting,
  type SettingsView,
  type SettingValue,
} from '../ipc/contract';
import { LaneError } from '../errors';
import { paymentDevices } from './integrated-terminal-settings';
import type { Logger } from '../../platform/log/logger';
import type { SecretStore } from './secrets';
import { readSettingsFile, saveSettings, settingsPath, SettingsError, type Settings } from './settings';
import { signatureCaptureSources, signaturePolicies } from './schema';

/** Where the Settings screen's changes are saved, and which settings the environment overrides. */
export interface SettingsFile {
  readonly appDataDir: string;
  /** Setting path → the `LANEPOINT_*` variable that set it. */
  readonly sources: Readonly<Record<string, string>>;
}

export interface SettingsService {
  view(): Promise<SettingsView>;
  update(changes: Partial<Record<EditableSetting, SettingValue>>): Promise<SettingsView>;
  setCredentials(username: string, password: string): Promise<SettingsView>;
  testCredentials(): Promise<{ ok: boolean; message: string }>;
}

/**
 * When each editable setting takes effect: `now` for those a running lane takes up at once,
 * `restart` for those read only at start. A full Record, so a new setting must be placed here.
 */
const takesEffect: Readonly<Record<EditableSetting, 'now' | 'restart'>> = {
  merchantId: 'now',
  'gateway.url': 'now',
  terminalId: 'restart',
  mode: 'restart',
  training: 'restart',
  // The terminal's client, its device entry and its session are made at start (setup-integrated-terminal.ts).
  'payments.device': 'restart',
  'payments.tips': 'now',
  'payments.forcedCredit': 'now',
  'payments.ach': 'now',
  'payments.cardTimeoutSeconds': 'now',
  'payments.confirmAboveMinor': 'now',
  'signature.policy': 'now',
  'signature.capture': 'now',
  'signature.allowSkip': 'now',
  'staff.refundLimitMinor': 'now',
  'kiosk.idleResetSeconds': 'restart',
  'wallet.enabled': 'restart',
  // The gateway link's breaker and the forwarder are made at start (ADR 075).
  'offline.enabled': 'restart',
  'printer.profile': 'restart',
  devices: 'restart',
  signaturePads: 'restart',
  printers: 'restart',
};

type Tree = Record<string, unknown>;

/** The device lists, edited as JSON text; the screen shows them as settings.json holds them. */
const deviceLists: ReadonlySet<EditableSetting> = new Set(['devices', 'signaturePads', 'printers']);

/** A device list as the person typed it → the list, or a refusal naming the setting. */
function deviceList(name: EditableSetting, value: SettingValue): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch (error) {
    throw new LaneError('invalid', `${name}: not valid JSON (${(error as Error).message})`, name);
  }
  if (!Array.isArray(parsed))
    throw new LaneError('invalid', `${name}: expected a list in square brackets, [ … ]`, name);
  return parsed;
}

function valueAt(tree: Tree, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined), tree);
}

function setAt(tree: Tree, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node = tree;
  for (const key of keys) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Tree;
  }
  node[last] = value;
}

/** The receipt printer's profile lives on the first printer; training's own printer is written out to hold it. */
function printerProfile(settings: Settings): string {
  return settings.printers[0]?.profile ?? trainingPrinter.profile;
}

function withPrinterProfile(file: Tree, settings: Settings, profile: SettingValue): void {
  const printers = Array.isArray(file.printers) ? (file.printers as Tree[]) : [];
  if (printers.length === 0) {
    if (!settings.training)
      throw new LaneError(
        'refused',
        'No receipt printer is configured: store IT adds one to settings.json (printers).',
        'printer.profile',
      );
    file.printers = [{ id: trainingPrinter.id, name: trainingPrinter.name, profile, emulated: true }];
    return;
  }
  printers[0] = { ...printers[0], profile };
  file.printers = printers;
}

/**
 * The Settings screen's settings: read from the running lane, changed by saving settings.json
 * (checked whole by the same schema as at start, so a wrong value is refused naming the setting
 * and the file is never left half-written), and taken up at once where that is safe. Gateway
 * credentials go to the secret store, never to the file or the screen.
 */
export function createSettingsService(options: {
  settings: Settings;
  file: SettingsFile | undefined;
  secrets: () => SecretStore | undefined;
  /** The gateway a sale would use now (training's emulator, or the live one from the settings and secrets). */
  gateway: () => Promise<{ client: Pick<GatewayClient, 'credentialTest' | 'inquireMerchant'>; merchid: string }>;
  /** The printer profiles of assets/printers, by id. */
  printerProfiles: readonly string[];
  logger: Logger;
}): SettingsService {
  const { settings, logger } = options;
  const choices: SettingsView['choices'] = {
    mode: terminalModes,
    'payments.device': paymentDevices,
    'signature.policy': signaturePolicies,
    'signature.capture': signatureCaptureSources,
    'printer.profile': options.printerProfiles,
  };
  const restartNeeded = new Set<EditableSetting>();

  const view = async (): Promise<SettingsView> => {
    // The device lists as the file holds them (USB ids in hex, no defaults), else as running.
    const file: Tree = options.file
      ? readSettingsFile(settingsPath(options.file.appDataDir))
      : (settings as unknown as Tree);
    const valueOf = (name: EditableSetting): SettingValue => {
      if (name === 'printer.profile') return printerProfile(settings);
      if (deviceLists.has(name)) return JSON.stringify(file[name] ?? [], null, 2);
      return valueAt(settings as unknown as Tree, name) as SettingValue;
    };
    const values = Object.fromEntries(editableSettings.map((name) => [name, valueOf(name)])) as Record<
      EditableSetting,
      SettingValue
    >;
    const overridden = Object.fromEntries(
      editableSettings.flatMap((name) => (options.file?.sources[name] ? [[name, options.file.sources[name]]] : [])),
    );
    const secrets = options.secrets();
    const username = (await secrets?.get('gateway.username')) ?? null;
    const passwordSet = (await secrets?.get('gateway.password')) !== undefined;
    return { values, choices, overridden, restartNeeded: [...restartNeeded], credentials: { username, passwordSet } };
  };

  return {
    view,
    async update(changes) {
      if (!options.file)
        throw new LaneError(
          'refused',
          'This lane was started without a settings folder, so nothing can be saved: change settings.json and restart.',
        );
      const profile = changes['printer.profile'];
      if (profile !== undefined && !options.printerProfiles.includes(String(profile))) {
        throw new LaneError(
          'invalid',
          `printer.profile: expected one of ${options.printerProfiles.join(', ')}`,
          'printer.profile',
        );
      }
      const file = readSettingsFile(settingsPath(options.file.appDataDir));
      for (const [name, value] of Object.entries(changes) as Array<[EditableSetting, SettingValue]>) {
        if (name === 'printer.profile') withPrinterProfile(file, settings, value);
        else if (deviceLists.has(name)) file[name] = deviceList(name, value);
        else setAt(file, name, value);
      }
      let saved: Settings;
      try {
        saved = saveSettings(options.file.appDataDir, file as Parameters<typeof saveSettings>[1]);
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        const [issue] = error.issues;
        // A device list's issue names the place inside it (devices.0.serial.path); the field is the list.
        const setting = issue?.setting ?? '(settings)';
        const list = setting.split('.')[0] as EditableSetting;
        const field =
          deviceLists.has(list) && changes[list] !== undefined
            ? list
            : setting.startsWith('printers.')
              ? 'printer.profile'
              : setting;
        throw new LaneError('invalid', `${setting}: ${issue?.reason ?? 'not a valid value'}`, field);
      }
      for (const name of Object.keys(changes) as EditableSetting[]) {
        const before =
          name === 'printer.profile' ? printerProfile(settings) : valueAt(settings as unknown as Tree, name);
        const after = name === 'printer.profile' ? printerProfile(saved) : valueAt(saved as unknown as Tree, name);
        if (JSON.stringify(before) === JSON.stringify(after) || options.file.sources[name]) continue;
        if (takesEffect[name] === 'now') setAt(settings as unknown as Tree, name, after);
        else restartNeeded.add(name);
      }
      logger.info({ settings: Object.keys(changes) }, 'settings saved');
      return view();
    },
    async setCredentials(username, password) {
      const secrets = options.secrets();
      if (!secrets)
        throw new LaneError('refused', 'This lane has no secret store, so credentials cannot be kept here.');
      await secrets.set('gateway.username', username);
      await secrets.set('gateway.password', password);
      logger.info('gateway credentials stored');
      return view();
    },
    async testCredentials() {
      let access: Awaited<ReturnType<typeof options.gateway>>;
      try {
        access = await options.gateway();
      } catch (error) {
        if (error instanceof LaneError) return { ok: false, message: error.message };
        throw error;
      }
      try {
        await access.client.credentialTest();
        const merchant = await access.client.inquireMerchant({ merchid: access.merchid });
        if (merchant.status !== 'boarded')
          return {
            ok: false,
            message: `The gateway accepted the credentials but not merchant ${access.merchid}: ${merchant.message}`,
          };
        if (merchant.enabled === false)
          return {
            ok: false,
            message: `Merchant ${access.merchid} is boarded but not enabled: call the gateway provider.`,
          };
        return {
          ok: true,
          message: `The gateway accepted the credentials, and merchant ${access.merchid} is boarded${merchant.site ? ` on site ${merchant.site}` : ''}.`,
        };
      } catch (error) {
        if (error instanceof AuthenticationError)
          return {
            ok: false,
            message:
              'The gateway refused the user name or password: check them with the gateway provider, then save them again.',
          };
        if (error instanceof GatewayTransportError)
          return {
            ok: false,
            message: `The gateway could not be reached (${error.message}): check the gateway URL and the store's network.`,
          };
        if (error instanceof GatewayError)
          return { ok: false, message: `The gateway answered with an error: ${error.message}` };
        throw error;
      }
    },
  };
}
