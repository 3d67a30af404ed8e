/**
 * ESC/POS real-time status (DLE EOT n, Epson's ESC/POS reference): the printer answers at once,
 * even while it is busy or offline, with one byte whose bits 1 and 4 are set and bits 0 and 7
 * clear.
 */
export const realtimeStatusRequests = {
  printer: Uint8Array.of(0x10, 0x04, 0x01),
  offlineCause: Uint8Array.of(0x10, 0x04, 0x02),
  errorCause: Uint8Array.of(0x10, 0x04, 0x03),
  paperSensor: Uint8Array.of(0x10, 0x04, 0x04),
} as const;

export interface PrinterStatus {
  readonly online: boolean;
  readonly coverOpen: boolean;
  readonly paperEnd: boolean;
  readonly paperNearEnd: boolean;
}

/** Why a printer cannot print now, or null when it can. */
export type PrinterProblem = 'offline' | 'cover-open' | 'paper-end';

export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

/**
 * The status from the replies to DLE EOT 1 (bit 3: offline), 2 (bit 2: cover open, bit 5: stopped
 * at paper end) and 4 (bits 2-3: near end, bits 5-6: paper end). Throws for a byte that is not a
 * status reply.
 */
export function parseRealtimeStatus(printer: number, offlineCause: number, paperSensor: number): PrinterStatus {
  for (const [name, byte] of [
    ['printer', printer],
    ['offline cause', offlineCause],
    ['paper sensor', paperSensor],
  ] as const) {
    if (!isStatusByte(byte))
      throw new Error(`the ${name} status reply 0x${byte.toString(16).padStart(2, '0')} is not a DLE EOT answer`);
  }
  return {
    online: (printer & 0x08) === 0,
    coverOpen: (offlineCause & 0x04) !== 0,
    paperEnd: (offlineCause & 0x20) !== 0 || (paperSensor & 0x60) !== 0,
    paperNearEnd: (paperSensor & 0x0c) !== 0,
  };
}

/** The most specific reason the printer cannot print, for the operator. */
export function problemOf(status: PrinterStatus): PrinterProblem | null {
  if (status.coverOpen) return 'cover-open';
  if (status.paperEnd) return 'paper-end';
  if (!status.online) return 'offline';
  return null;
}

export const problemWords: Readonly<Record<PrinterProblem, string>> = {
  'cover-open': 'The printer cover is open: close it.',
  'paper-end': 'The printer is out of paper: load a new roll.',
  offline: 'The printer is offline: check that it is on and has no error light.',
};
