import { z } from 'zod';
import { describeIssue } from './auth-response';
import { ProtocolError } from './errors';
import { text } from './wire-schema';

/** inquireMerchant's three documented answers, plus any other message kept as it came. */
export type MerchantInquiry =
  | {
      readonly status: 'boarded';
      readonly merchid: string;
      readonly site?: string;
      readonly cardproc?: string;
      readonly enabled: boolean | undefined;
      /** What the merchant is set up for: AVS and CVV checks, electronic checks (ACH), the card account updater. */
      readonly avs?: boolean;
      readonly cvv?: boolean;
      readonly echeck?: boolean;
      readonly acctupdater?: boolean;
      /** The fee program: fee_type C convenience, F service, S surcharge, N none; its format, value and linked MID. */
      readonly fee_type?: string;
      readonly fee_format?: string;
      readonly fee_value?: string;
      readonly fee_merchid?: string;
    }
  | { readonly status: 'not-on-site'; readonly message: string }
  | { readonly status: 'invalid'; readonly message: string }
  | { readonly status: 'other'; readonly message: string };

/** A merchant setting: the OpenAPI file gives Y/N text (enabled: a boolean); either form reads the same. */
const merchantFlag = z.union([z.boolean(), z.string()]).transform((value) => {
  const word = String(value).toLowerCase();
  return word === 'y' || word === 'true' ? true : word === 'n' || word === 'false' ? false : undefined;
});

const merchantRecordSchema = z.object({
  merchid: text,
  site: text.optional(),
  cardproc: text.optional(),
  enabled: merchantFlag.optional(),
  avs: merchantFlag.optional(),
  cvv: merchantFlag.optional(),
  echeck: merchantFlag.optional(),
  acctupdater: merchantFlag.optional(),
  fee_type: text.optional(),
  fee_format: text.optional(),
  fee_value: text.optional(),
  fee_merchid: text.optional(),
});

const messageSchema = z.object({ message: text });

const notOnSite = 'contact support - merchant not on site';
const invalidMerchant = 'Invalid merchant';

/** Reads inquireMerchant: the merchant record, or one of the two documented messages. */
export function parseMerchantInquiry(json: unknown, raw: string): MerchantInquiry {
  const message = messageSchema.safeParse(json);
  if (message.success) {
    const text = message.data.message;
    if (text.toLowerCase() === notOnSite) return { status: 'not-on-site', message: text };
    if (text.toLowerCase() === invalidMerchant.toLowerCase()) return { status: 'invalid', message: text };
    return { status: 'other', message: text };
  }
  const record = merchantRecordSchema.safeParse(json);
  if (!record.success)
    throw new ProtocolError(`inquireMerchant: unexpected answer (${describeIssue(record.error)})`, { raw });
  const { enabled, ...fields } = record.data;
  const flags = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { status: 'boarded', ...(flags as typeof fields), enabled };
}

/** The credential test answers with a fixed confirmation text; JSON-quoted or plain. */
export function parseCredentialTest(json: unknown, raw: string): { readonly message: string } {
  if (typeof json === 'string') return { message: json };
  if (json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string') {
    return { message: (json as { message: string }).message };
  }
  return { message: raw.trim() };
}
