import { z } from 'zod';
import { ansiTestBdk } from '../../../drivers/card-reader/dukpt';

/** One merchant the emulator serves: configured, or added when the boarding emulator boards it. */
export const emulatedMerchantSchema = z.strictObject({
  merchid: z.string().regex(/^\d{1,16}$/),
  /** The site the merchant is boarded on; inquireMerchant on another site says "not on site". */
  site: z.string().min(1).max(12),
  /** The processing platform: RPCT answers amount-driven codes and emvTagData for all cards. */
  platform: z.string().regex(/^[A-Z]{2,4}$/),
  enabled: z.boolean().default(true),
  entitlements: z
    .strictObject({
      captureOverAuthorized: z.boolean().default(false),
      forcedCredit: z.boolean().default(false),
      refundUnsettled: z.boolean().default(false),
      ach: z.boolean().default(false),
    })
    .default({ captureOverAuthorized: false, forcedCredit: false, refundUnsettled: false, ach: false }),
  receipt: z
    .strictObject({
      dba: z.string().default(''),
      address1: z.string().default(''),
      address2: z.string().default(''),
      phone: z.string().default(''),
      header: z.string().default(''),
      footer: z.string().default(''),
    })
    .default({ dba: '', address1: '', address2: '', phone: '', header: '', footer: '' }),
  /**
   * The merchant's fee program as inquireMerchant reports it (fee_type, fee_format, fee_value,
   * fee_merchid). Absent: fee_type N. Only S (surcharge) is applied to authorizations here.
   */
  fee: z
    .strictObject({
      /** C convenience, F service, S surcharge, N none (the reference's fee_type). */
      type: z.enum(['C', 'F', 'S', 'N']),
      format: z.enum(['percent', 'flat']),
      /** A percentage ("3", "3.5") or a flat amount in dollars and cents ("1.50"). */
      value: z.string().regex(/^\d{1,4}(\.\d{1,3})?$/),
      /** The linked MID the fee is processed under; "" when not applicable. */
      merchid: z
        .string()
        .regex(/^\d{0,16}$/)
        .default(''),
    })
    .optional(),
});

const credentialSchema = z.strictObject({
  username: z.string().min(1),
  password: z.string().min(1),
  /** Site credentials work for every merchant of the site; merchant credentials for their own. */
  level: z.enum(['site', 'merchant']),
  merchid: z.string().optional(),
});

export const emulatorConfigSchema = z
  .strictObject({
    site: z.string().min(1).max(12),
    credentials: z.array(credentialSchema).min(1),
    merchants: z.array(emulatedMerchantSchema).min(1),
    /**
     * Base derivation keys of the encrypting readers whose data this gateway decrypts, tried in
     * order. The public ANSI X9.24 test key by default, which the emulated reader uses.
     */
    readerKeys: z
      .array(
        z.strictObject({
          name: z.string().min(1),
          bdk: z.string().regex(/^[0-9A-Fa-f]{32}$/, 'must be 32 hex digits (a two-key TDES BDK)'),
          variant: z.enum(['data', 'pin']).default('data'),
        }),
      )
      .default([{ name: 'ANSI X9.24 test key', bdk: ansiTestBdk, variant: 'data' }]),
    /**
     * Postal-code prefixes (US ZIP, 3 to 5 digits) of places where surcharging is not allowed.
     * The reference names no such place (it only says the postal code is checked "to verify that
     * the cardholder's state supports surcharging"), so the list is the trainer's: empty by default.
     */
    surchargeRestrictedPostals: z.array(z.string().regex(/^\d{3,5}$/)).default([]),
  })
  .superRefine((config, context) => {
    config.credentials.forEach((credential, index) => {
      if (credential.level === 'merchant' && !config.merchants.some((m) => m.merchid === credential.merchid)) {
        context.addIssue({
          code: 'custom',
          path: ['credentials', index, 'merchid'],
          message: 'merchant-level credentials need a configured merchid',
        });
      }
    });
  });

export type EmulatorConfig = z.output<typeof emulatorConfigSchema>;
export type EmulatedMerchant = EmulatorConfig['merchants'][number];

/**
 * The merchants and credentials a fresh emulator accepts (listed in the README, printed at
 * start). Not secrets: they only open the emulator on this machine.
 */
export const defaultEmulatorConfig: EmulatorConfig = emulatorConfigSchema.parse({
  site: 'fts',
  credentials: [
    { username: 'testing', password: 'testing123', level: 'site' },
    { username: 'lane-merchant', password: 'lane-merchant-pw', level: 'merchant', merchid: '496160873888' },
  ],
  merchants: [
    {
      merchid: '496160873888',
      site: 'fts',
      platform: 'RPCT',
      entitlements: { captureOverAuthorized: true, forcedCredit: true, refundUnsettled: false, ach: true },
      receipt: {
        dba: 'Lanepoint Training Store',
        address1: '100 Practice Ave',
        address2: 'Springfield, IL 62701',
        phone: '2175550100',
        header: 'Training receipt: no real money moved',
        footer: 'Thank you for practising',
      },
    },
    {
      merchid: '820000000001',
      site: 'fts',
      platform: 'FNOR',
      entitlements: { refundUnsettled: true },
      receipt: { dba: 'Lanepoint Cafe', address1: '2 Side St', address2: 'Springfield, IL 62701', phone: '2175550101' },
    },
    { merchid: '820000000002', site: 'fts', platform: 'RPCT', enabled: false },
    {
      // A surcharging merchant: 3% on credit cards, processed under a linked fee MID.
      merchid: '820000000003',
      site: 'fts',
      platform: 'RPCT',
      receipt: { dba: 'Lanepoint Hardware', address1: '3 Main St', address2: 'Springfield, IL 62701' },
      fee: { type: 'S', format: 'percent', value: '3', merchid: '820000000004' },
    },
    { merchid: '820000000099', site: 'other', platform: 'RPCT' },
  ],
});
