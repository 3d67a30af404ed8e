import { z } from 'zod';

/**
 * The `wallet` settings section: paying on the customer's phone through the lane's pay link
 * (docs/adr/033). Off by default. Training serves the pay page on loopback with a certificate it
 * makes, and tokenizes at the built-in emulator; a live lane names where phones reach the page,
 * its certificate and key, the wallet merchant id and the tokenizer.
 */
export const walletSettingsSchema = z
  .strictObject(
    {
      enabled: z
        .boolean({ error: 'expected true or false' })
        .default(false)
        .describe('Offers "Pay on your phone" (`terminal.walletSale`) and starts the pay-link service.'),
      payLinkHost: z
        .string({ error: 'expected a host name or address' })
        .max(253)
        .regex(/^[A-Za-z0-9.:-]*$/, { error: 'expected a host name or an IP address, without a scheme or port' })
        .default('')
        .describe(
          'Where phones on the store network reach the pay page; training allows loopback only, and uses 127.0.0.1 when empty.',
        ),
      payLinkPort: z
        .number({ error: 'expected a port from 0 to 65535' })
        .int({ error: 'expected a port from 0 to 65535' })
        .min(0, { error: 'expected a port from 0 to 65535' })
        .max(65535, { error: 'expected a port from 0 to 65535' })
        .default(8711)
        .describe('The pay-link service\u2019s HTTPS port; `0` picks a free one (tests).'),
      certificateFile: z
        .string({ error: 'expected a file path' })
        .max(1024)
        .default('')
        .describe(
          'The pay page\u2019s PEM certificate (live); training makes a self-signed one in the app-data folder (`pay-link-training.pem`, 0600).',
        ),
      keyFile: z
        .string({ error: 'expected a file path' })
        .max(1024)
        .default('')
        .describe('The PEM private key of that certificate (live).'),
      merchantId: z
        .string({ error: 'expected a wallet merchant identifier' })
        .regex(/^([A-Za-z0-9._-]{1,128})?$/, {
          error: 'expected a wallet merchant identifier, e.g. merchant.com.store',
        })
        .default('')
        .describe('The wallet merchant identifier the payment processing certificate was made for (live).'),
      googleMerchantId: z
        .string({ error: 'expected the wallet merchant id' })
        .regex(/^[A-Za-z0-9]{0,64}$/, { error: 'expected the wallet merchant id: letters and digits' })
        .default('')
        .describe(
          'The other wallet\u2019s merchant id (its merchantInfo.merchantId) for the live pay page\u2019s button; empty: not offered. Its gatewayMerchantId is the lane\u2019s top-level `merchantId`.',
        ),
      tokenizerUrl: z
        .string({ error: 'expected an https URL' })
        .max(2048)
        .refine((value) => value === '' || (URL.canParse(value) && new URL(value).protocol === 'https:'), {
          error: 'expected an https URL, e.g. https://site.cardconnect.com',
        })
        .default('')
        .describe('The tokenizer\u2019s https base URL (live); training uses the built-in emulator\u2019s.'),
      storeName: z
        .string({ error: 'expected a name' })
        .max(60)
        .default('')
        .describe('The store\u2019s name on the pay page.'),
    },
    { error: 'expected an object' },
  )
  .describe('"Pay on your phone": the lane\u2019s pay link for phone wallets (ADR 033). Off by default.');

export type WalletSettings = z.output<typeof walletSettingsSchema>;

/** A wallet setting that is wrong with the rest: its path under `wallet` and why. */
export interface WalletSettingIssue {
  readonly key: keyof WalletSettings;
  readonly message: string;
}

/**
 * What a lane with wallet payments on must also have: training stays on loopback; a live lane
 * names the pay page's host, certificate and key, the wallet merchant id and the tokenizer.
 */
export function walletSettingIssues(
  wallet: WalletSettings,
  training: boolean,
  isLoopbackHost: (host: string) => boolean,
): WalletSettingIssue[] {
  if (!wallet.enabled) return [];
  if (training) {
    return wallet.payLinkHost === '' || isLoopbackHost(wallet.payLinkHost)
      ? []
      : [{ key: 'payLinkHost', message: 'training serves the pay page on loopback only; leave it empty' }];
  }
  const needed: Array<[keyof WalletSettings, string]> = [
    ['payLinkHost', 'the address phones on the store network reach the pay page at'],
    ['certificateFile', 'the pay page\u2019s certificate (PEM)'],
    ['keyFile', 'the pay page\u2019s private key (PEM)'],
    ['merchantId', 'the wallet merchant identifier'],
    ['tokenizerUrl', 'the tokenizer\u2019s https URL'],
  ];
  return needed
    .filter(([key]) => wallet[key] === '')
    .map(([key, what]) => ({ key, message: `wallet payments outside training need ${what}` }));
}
