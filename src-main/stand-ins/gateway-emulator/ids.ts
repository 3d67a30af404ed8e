import { createHmac, randomBytes } from 'node:crypto';

/** Identifiers the emulator hands out, injectable so tests can predict them. */
export interface EmulatorIds {
  /** 12-digit retrieval reference, unique per emulator. */
  retref(): string;
  /** 6-character issuer authorization code. */
  authcode(): string;
  /** Batch id for a merchant's open batch. */
  batchid(): string;
  /** 16-digit token for a card or bank account: the same account always gets the same token. */
  token(account: string): string;
}

/** Counters from a random base (so two emulators rarely collide) and an HMAC for tokens. */
export function createEmulatorIds(
  secret: Buffer = randomBytes(32),
  base: number = 100_000_000_000 + randomBytes(4).readUInt32BE() * 100,
): EmulatorIds {
  let retref = base;
  let batch = Number(String(base).slice(-8));
  let authcode = base % 1000;
  const tokens = new Map<string, string>();
  return {
    retref: () => String(++retref).padStart(12, '0').slice(-12),
    // Authorization codes need only look like the issuer's; a cycling counter is enough.
    authcode: () => `PPS${String(++authcode % 1000).padStart(3, '0')}`,
    batchid: () => String(++batch),
    token(account) {
      let token = tokens.get(account);
      if (!token) {
        // Tokens start with 9 (no card network issues that prefix), then the account's first two
        // digits and, last, its last four, as the service's tokens do (FACTS.md).
        const digest = createHmac('sha256', secret).update(account).digest();
        const middle = String(digest.readBigUInt64BE() % 1_000_000_000n).padStart(9, '0');
        token = `9${account.slice(0, 2)}${middle}${account.slice(-4)}`;
        if (tokens.size > 4096) tokens.clear();
        tokens.set(account, token);
      }
      return token;
    },
  };
}
