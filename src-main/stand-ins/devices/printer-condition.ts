/** Real-time status as DLE EOT reports it (Epson ESC/POS), for the emulated printer's state. */
export interface PrinterCondition {
  online: boolean;
  coverOpen: boolean;
  paperEnd: boolean;
  paperNearEnd: boolean;
}

/**
 * The reply byte to DLE EOT n (n = 1 printer, 2 offline cause, 3 error cause, 4 paper sensor);
 * `pin3High`: the drawer connector's pin 3, reported in bit 2 of n = 1.
 */
export function realtimeStatusByte(n: number, condition: PrinterCondition, pin3High = false): number {
  // Bits 1 and 4 are always set and bit 0 and 7 always clear in every reply.
  const fixed = 0b0001_0010;
  switch (n) {
    case 1:
      return fixed | (pin3High ? 0x04 : 0) | (condition.online ? 0 : 0x08);
    case 2:
      return fixed | (condition.coverOpen ? 0x04 : 0) | (condition.paperEnd ? 0x20 : 0) | (condition.online ? 0 : 0x40);
    case 3:
      return fixed;
    case 4:
      return fixed | (condition.paperNearEnd ? 0x0c : 0) | (condition.paperEnd ? 0x60 : 0);
    default:
      return fixed;
  }
}
