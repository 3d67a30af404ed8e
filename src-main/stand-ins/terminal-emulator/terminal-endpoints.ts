import { parseInputFormat } from './input-format';
import { authCardFlow, authManualFlow, readCardFlow, readManualFlow, signatureImage, tipFlow } from './payment-flows';
import { displayText, flowContext, noSession, onTerminal, session, type Endpoint } from './service';
import { signatureField } from './signature-bitmap';
import { CommandStop } from './terminal-device';
import { errorCodes, generic400, missing400, ok, refuse, serverError } from './wire';

/**
 * The operational, payment and tokenization endpoints (developer-guides.md, "Using the Terminal
 * API Operational Endpoints", "Using the Terminal API Payment and Tokenization Endpoints";
 * terminal-openapi.yaml): display, clearDisplay, readConfirmation, readInput, readSignature,
 * cancel, readCard, readManual, authCard, authManual, tip, printReceipt.
 */
export const terminalEndpoints: readonly Endpoint[] = [
  {
    name: 'display',
    versions: { v1: noSession, v2: session },
    hsn: true,
    reach: 'command',
    async handle({ fields, terminal }) {
      terminal.display(displayText(fields, 'text'));
      return ok();
    },
  },
  {
    name: 'clearDisplay',
    versions: { v3: session },
    hsn: true,
    reach: 'command',
    async handle({ terminal }) {
      terminal.display('');
      return ok();
    },
  },
  {
    name: 'readConfirmation',
    // The table says v2, its own path /api/v3: both are served.
    versions: { v2: session, v3: session },
    hsn: true,
    reach: 'command',
    async handle(call) {
      const text = displayText(call.fields, 'prompt');
      return onTerminal(call, 'readConfirmation', async (command) => {
        try {
          return ok({ confirmed: await command.ask({ kind: 'confirm', text }) });
        } catch (error) {
          // "false if the prompt was canceled" at the terminal.
          if (error instanceof CommandStop && error.kind === 'operation-cancelled') return ok({ confirmed: false });
          throw error;
        }
      });
    },
  },
  {
    name: 'readInput',
    versions: { v2: session },
    hsn: true,
    reach: 'command',
    async handle(call) {
      const text = displayText(call.fields, 'prompt');
      const format = call.fields.required('format');
      if (!parseInputFormat(format)) return generic400('Invalid format');
      return onTerminal(call, 'readInput', async (command) =>
        ok({ input: await command.ask({ kind: 'input', text, format }) }),
      );
    },
  },
  {
    name: 'readSignature',
    versions: { v2: session },
    hsn: true,
    reach: 'command',
    async handle(call) {
      const prompt = call.fields.bounded('prompt', 16, 'Prompt text must be less than or equal to 16 characters');
      const image = signatureImage(call.fields);
      if (!call.terminal.capabilities.signature)
        return serverError(errorCodes.signatureNotSupported, 'Signature capture not supported by device');
      return onTerminal(call, 'readSignature', async (command) => {
        const strokes = await command.ask({ kind: 'signature', text: (prompt ?? 'Please sign').replaceAll('%%', '%') });
        return ok({ signature: signatureField(strokes, image) });
      });
    },
  },
  {
    name: 'cancel',
    versions: { v1: noSession, v2: session },
    hsn: true,
    reach: 'connected',
    async handle({ terminal }) {
      terminal.stopCommand('command-cancelled', 'Command Cancelled');
      return ok();
    },
  },
  {
    name: 'readCard',
    versions: { v2: session },
    hsn: true,
    reach: 'command',
    handle: (call) => onTerminal(call, 'readCard', (command) => readCardFlow(command, flowContext(call))),
  },
  {
    name: 'readManual',
    versions: { v2: session },
    hsn: true,
    reach: 'command',
    handle: (call) => onTerminal(call, 'readManual', (command) => readManualFlow(command, flowContext(call))),
  },
  {
    name: 'authCard',
    versions: { v3: session },
    hsn: true,
    reach: 'command',
    losable: true,
    handle: (call) => onTerminal(call, 'authCard', (command) => authCardFlow(command, flowContext(call))),
  },
  {
    name: 'authManual',
    versions: { v3: session },
    hsn: true,
    reach: 'command',
    losable: true,
    handle: (call) => onTerminal(call, 'authManual', (command) => authManualFlow(command, flowContext(call))),
  },
  {
    name: 'tip',
    versions: { v3: session },
    hsn: true,
    reach: 'command',
    handle: (call) => onTerminal(call, 'tip', (command) => tipFlow(command, flowContext(call))),
  },
  {
    name: 'printReceipt',
    versions: { v3: session },
    hsn: true,
    reach: 'command',
    async handle({ fields, terminal, state }) {
      const orderId = fields.bounded('orderId', 50) ?? refuse(missing400('orderId'));
      const extra = fields.flag('printExtraReceipt', false);
      const delay = fields.integer('printDelay');
      if (extra && delay === undefined)
        return serverError(errorCodes.generic, 'printDelay is a required parameter when printExtraReceipt=true');
      if (delay !== undefined && (delay < 0 || delay > 60_000))
        return generic400('printDelay value must be between 0 and 60000 (miliseconds)');
      // "The printReceipt endpoint is only supported for Clover terminals."
      if (!terminal.capabilities.printer) return serverError(errorCodes.printingNotSupported, 'Printing not supported');
      const order = state.orders.get(`${terminal.merchantId}/${orderId}`);
      if (!order) return serverError(errorCodes.generic, `No transaction found for orderId ${orderId}`);
      for (let copy = 0; copy < (extra ? 2 : 1); copy += 1) terminal.printed.push({ ...order });
      return ok({ receiptData: order.receiptData ?? {} });
    },
  },
];
