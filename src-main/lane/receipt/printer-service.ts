import type { DrawerPulse, DrawerState } from '../../../drivers/printer/drawer';
import { PrinterError } from '../../../drivers/printer/receipt-printer';
import { problemWords } from '../../../drivers/printer/status';
import { inkToPng } from '../../../drivers/printer/page';
import type { Settings } from '../config/settings';
import { configuredDevice } from '../devices/configured';
import type { DeviceManager } from '../devices/manager';
import type { PrinterDevice } from '../devices/printers';
import { LaneError } from '../errors';
import { encodeReceipt } from './escpos';
import type { ReceiptDocument, ReceiptLine } from './model';

export interface PrinterService {
  /** Prints a test page; fails with what the operator must do when the printer needs attention. */
  testPrint(args: { deviceId?: string | undefined }): Promise<{ printed: true }>;
  /** The operator fixed the printer: held jobs print now. */
  resume(args: { deviceId?: string | undefined }): Promise<{ held: number }>;
  /** The operator gives up the held jobs. */
  discardHeld(args: { deviceId?: string | undefined }): { discarded: number };
  /** Training: the last page the emulated printer printed, as a PNG data URL. */
  /** The emulated printer's last page, or the one `back` pages before it. */
  lastPage(args: { deviceId?: string | undefined; back?: number }): { png: string | null; lines: string[] };
  /**
   * Kicks the cash drawer on the printer's connector (the first printer unless `deviceId` names
   * one), ahead of any receipt held for paper. Resolves once the pulse is sent: read
   * `drawerStatus` to see the drawer open. Refused (LaneError `refused`, in words for the
   * cashier) when no printer is configured, the printer has no drawer or cannot be reached;
   * `invalid` (field `pulse`) for a pulse out of range. Who may open it, and the journal, are the caller's.
   */
  openDrawer(args: { deviceId?: string | undefined; pulse?: DrawerPulse | undefined }): Promise<{ kicked: true }>;
  /**
   * The drawer's switch: `open`, `closed`, or `unknown` where the printer cannot report it (a
   * one-way USB link, a StarPRNT printer). Refused as `openDrawer` is, and when the printer does
   * not answer.
   */
  drawerStatus(args: { deviceId?: string | undefined }): Promise<{ drawer: DrawerState }>;
}

/** A page that shows the profile, the link, every column and the characters that matter on receipts. */
export function testPage(device: PrinterDevice, terminalId: string, training: boolean): ReceiptDocument {
  const { columns } = device.profile;
  const ruler = Array.from({ length: columns }, (_, i) => String((i + 1) % 10)).join('');
  const lines: ReceiptLine[] = [
    ...(training
      ? [{ kind: 'text', text: '*** TRAINING - NO REAL MONEY ***', align: 'center', bold: true } as const]
      : []),
    { kind: 'text', text: 'TEST PRINT', align: 'center', bold: true, large: true },
    { kind: 'text', text: device.name, align: 'center' },
    { kind: 'text', text: device.profile.name.slice(0, columns), align: 'center' },
    { kind: 'blank' },
    { kind: 'pair', left: 'Terminal', right: terminalId },
    { kind: 'pair', left: 'Columns', right: String(columns) },
    { kind: 'text', text: ruler, align: 'left' },
    { kind: 'text', text: 'Café Crème Söhne Ñandú façade', align: 'left' },
    { kind: 'text', text: '€ 12,50  £ 3.00  ¥ 400  $ 1.99', align: 'left' },
    { kind: 'rule' },
  ];
  return { kind: 'sale', copy: 'merchant', columns, lines };
}

export function createPrinterService(options: {
  manager: DeviceManager;
  settings: Pick<Settings, 'terminalId' | 'training'>;
}): PrinterService {
  const { manager } = options;
  const drawn = new WeakMap<object, string>();
  const deviceFor = (deviceId: string | undefined) =>
    configuredDevice(manager.printer(deviceId), deviceId, 'printer', 'add one under Devices in the settings.');
  const drawerDevice = (deviceId: string | undefined) => {
    const device = configuredDevice(
      manager.printer(deviceId),
      deviceId,
      'printer',
      'the cash drawer opens through the receipt printer; add one under Devices in the settings.',
    );
    if (!device.hasDrawer)
      throw new LaneError(
        'refused',
        `${device.name} has no cash drawer: if one is plugged into it, set "drawer": true on this printer in the settings.`,
      );
    return device;
  };
  const refusedInWords = async <T>(device: PrinterDevice, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PrinterError && error.kind === 'invalid')
        throw new LaneError('invalid', `${device.name}: ${error.message}`, 'pulse');
      if (error instanceof PrinterError) throw new LaneError('refused', `${device.name}: ${error.message}`);
      throw error;
    }
  };
  const heldMessage = (device: PrinterDevice) => {
    const problem = device.printer.held;
    return problem
      ? `${device.name}: ${problemWords[problem]} The job is kept and prints when you press Resume.`
      : null;
  };

  return {
    async testPrint({ deviceId }) {
      const device = deviceFor(deviceId);
      const job = device.printer.print(
        encodeReceipt(testPage(device, options.settings.terminalId, options.settings.training), device.profile),
        'test page',
      );
      const attention = new Promise<'held'>((resolve) => device.printer.once('attention', () => resolve('held')));
      try {
        const outcome = await Promise.race([job.then(() => 'printed' as const), attention]);
        if (outcome === 'held')
          throw new LaneError('refused', heldMessage(device) ?? `${device.name} needs attention.`);
        return { printed: true };
      } catch (error) {
        if (error instanceof PrinterError) throw new LaneError('refused', `${device.name}: ${error.message}`);
        throw error;
      } finally {
        // A held test page stays queued; its outcome is reported through the device list.
        job.catch(() => undefined);
      }
    },
    async resume({ deviceId }) {
      const device = deviceFor(deviceId);
      await device.printer.resume();
      const message = heldMessage(device);
      if (message) throw new LaneError('refused', message);
      return { held: device.printer.queued };
    },
    discardHeld({ deviceId }) {
      return { discarded: deviceFor(deviceId).printer.discardHeld() };
    },
    async openDrawer({ deviceId, pulse }) {
      const device = drawerDevice(deviceId);
      await refusedInWords(device, () => device.printer.openDrawer(pulse));
      return { kicked: true };
    },
    async drawerStatus({ deviceId }) {
      const device = drawerDevice(deviceId);
      return { drawer: await refusedInWords(device, () => device.printer.drawerStatus()) };
    },
    lastPage({ deviceId, back = 0 }) {
      const device = deviceFor(deviceId);
      if (!device.emulated) throw new LaneError('refused', `${device.name} is a real printer: its pages are on paper.`);
      const page = device.emulated.pages.at(-1 - back);
      if (!page) return { png: null, lines: [] };
      // Drawn once per page: asking again for the same page costs nothing.
      let png = drawn.get(page);
      if (png === undefined)
        drawn.set(page, (png = `data:image/png;base64,${inkToPng(page.image).toString('base64')}`));
      return { png, lines: [...page.lines] };
    },
  };
}
