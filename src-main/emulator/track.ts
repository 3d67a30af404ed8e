/** What an authorization can take from clear track data. */
export interface ClearTrack {
  readonly pan: string;
  /** MMYY, reordered from the track's YYMM. */
  readonly expiry: string;
  readonly name: string | undefined;
}

const track1 = /^%?B(\d{12,19})\^([^^]{2,26})\^(\d{2})(\d{2})\d{3}/;
const track2 = /^;?(\d{12,19})=(\d{2})(\d{2})\d{3}/;

/**
 * Reads the PAN, expiry and name from clear ISO 7813 track 1 or track 2 text, or returns
 * null. (Encrypted reader records are another format and are not clear tracks.)
 */
export function readClearTrack(track: string): ClearTrack | null {
  const one = track1.exec(track);
  if (one) {
    const [, pan = '', rawName = '', yy = '', mm = ''] = one;
    const name = rawName.trim().replace(/\s*\/\s*/, '/');
    return { pan, expiry: `${mm}${yy}`, name: name || undefined };
  }
  const two = track2.exec(track);
  if (two) {
    const [, pan = '', yy = '', mm = ''] = two;
    return { pan, expiry: `${mm}${yy}`, name: undefined };
  }
  return null;
}
