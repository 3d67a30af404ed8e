/**
 * Merchant applications: the list this back office created, one application's data and
 * statuses, the new-application form (the guides' minimal set), whole-object edits, custom
 * fields, the owner site user, attachments and the owner's signature.
 */
import { z } from 'zod';
import { command } from '../../lane/ipc/contract/spec';
import type {
  BoardingProcessStatus,
  CustomField,
  GatewayBoardingStatus,
  Merchant,
  MerchantStatus,
  OwnerSiteUser,
  SignatureStatus,
  SignatureStatusCode,
} from '../../reference/boarding-wire';
import { address, merchantId, paging, text } from './schemas';

/** One application as the list shows it; the statuses are the last ones seen (the poller keeps them fresh). */
export interface ApplicationSummary {
  readonly merchantId: string;
  readonly dbaName: string;
  /** ISO 8601, when this back office created it. */
  readonly createdAt: string;
  readonly status: BoardingProcessStatus;
  readonly gatewayStatus: GatewayBoardingStatus;
  readonly signatureStatus: SignatureStatusCode;
  /** The gateway merchant id (frontEndMid), once the gateway status is BOARDED. */
  readonly gatewayMerchantId: string | null;
  /** ISO 8601, when the statuses were last read from the service. */
  readonly checkedAt: string;
}

/** A status change the back office saw (by polling: the service has no webhooks). */
export interface TimelineEntry {
  /** ISO 8601, when the change was seen. */
  readonly at: string;
  readonly status: BoardingProcessStatus;
  readonly gatewayStatus: GatewayBoardingStatus;
  readonly signatureStatus: SignatureStatusCode;
}

/** One application whole: the merchant as the service holds it, its statuses and what may be done. */
export interface ApplicationView extends ApplicationSummary {
  readonly merchant: Merchant;
  readonly merchantStatus: MerchantStatus;
  readonly signature: SignatureStatus;
  readonly ownerSiteUser: OwnerSiteUser | null;
  /** Data may change only while INPROG (retract the signature first when OFS). */
  readonly editable: boolean;
  readonly timeline: readonly TimelineEntry[];
}

export interface ApplicationPage {
  readonly rows: readonly ApplicationSummary[];
  /** Applications matching the search, on every page. */
  readonly total: number;
  readonly moreRowsAvailable: boolean;
}

/** An attachment this back office uploaded (the service has no list of them). */
export interface AttachmentRecord {
  readonly attachmentId: number;
  readonly fileName: string;
  readonly mimeType: string;
  readonly attachmentTypeCd: string;
  readonly description: string;
  readonly bytes: number;
  /** ISO 8601. */
  readonly uploadedAt: string;
}

export interface SignatureRequest {
  /** The link the owner opens to review and sign: show it as text and as a QR code. */
  readonly signatureUrl: string;
  readonly application: ApplicationView;
}

const bank = z.strictObject({
  bankAcctNum: text(17),
  bankRoutingNum: z.string().regex(/^\d{9}$/, { error: 'a routing number is 9 digits' }),
  bankAcctTypeCd: text(10),
  bankName: text(100),
});

const phone = z.string().regex(/^\d{3}-\d{3}-\d{4}$/, { error: 'a phone number is written ###-###-####' });

const ownerSiteUser = z.strictObject({
  firstName: text(50),
  lastName: text(50),
  email: z.email({ error: 'expected an email address' }).max(100),
});

/**
 * The new-application form: the developer guide's "minimal data" request, wire names kept so a
 * field the service blames (`merchant.demographic.businessAddress.zip`) is the form's own path.
 */
export const newApplication = z.strictObject({
  templateId: z.number().int({ error: 'a template id is a whole number' }).min(1),
  merchant: z.strictObject({
    salesCode: text(25),
    dbaName: text(100),
    legalBusinessName: text(500),
    taxFilingName: text(500),
    taxFilingMethod: z.enum(['EIN', 'SSN'], { error: 'expected EIN or SSN' }),
    businessStartDate: z
      .string()
      .regex(/^\d{2}\/\d{2}\/\d{4}$/, { error: 'a date is written MM/DD/YYYY' })
      .optional(),
    demographic: z.strictObject({
      businessAddress: address,
      mailingAddress: address,
      businessPhone: phone.optional(),
      websiteAddress: text(200, false).optional(),
    }),
    ownership: z.strictObject({
      owner: z.strictObject({
        ownerAddress: address,
        ownerEmail: z.email({ error: 'expected an email address' }).max(100),
        ownerName: text(100),
        ownerPhone: phone,
        ownerTitle: text(20),
      }),
      driversLicenseNumber: text(25),
      driversLicenseStateCd: text(2),
    }),
    bankDetail: z.strictObject({ depositBank: bank, withdrawalBank: bank }),
  }),
  ownerSiteUser: ownerSiteUser.optional(),
});
export type NewApplication = z.input<typeof newApplication>;

/** A sent object replaces the stored one whole: top-level fields, each object complete. */
const merchantObjects = z
  .record(z.string().max(64), z.unknown())
  .refine((merchant) => Object.keys(merchant).length > 0, { error: 'send at least one field' });

const byMerchant = z.strictObject({ merchantId });

export const applicationCommands = {
  'applications.list': command<ApplicationPage>()(
    'The applications this back office created, newest first; search matches dba name or merchant id.',
    z.strictObject({ search: z.string().max(100).default(''), ...paging }),
  ),
  'applications.get': command<ApplicationView>()(
    'One application as the service holds it now, with its statuses and timeline.',
    byMerchant,
  ),
  'applications.create': command<ApplicationView>()(
    'Creates an application from a template with the minimal data; it starts INPROG.',
    newApplication,
  ),
  'applications.update': command<ApplicationView>()(
    'Replaces the merchant objects sent, each whole; refused unless INPROG, naming the status.',
    z.strictObject({ merchantId, merchant: merchantObjects, ownerSiteUser: ownerSiteUser.optional() }),
  ),
  'applications.customFields': command<CustomField[]>()(
    'The custom fields configured for the merchant, with their values.',
    byMerchant,
  ),
  'applications.setCustomFields': command<CustomField[]>()(
    'Saves custom field values (1 to 10); enabled required ones are needed before signing.',
    z.strictObject({
      merchantId,
      customFields: z
        .array(
          z.strictObject({
            userFieldNumber: z.number().int().min(1, { error: 'from 1 to 10' }).max(10, { error: 'from 1 to 10' }),
            customFieldValue: text(100, false).nullable(),
          }),
        )
        .min(1)
        .max(10, { error: 'at most 10 custom fields' }),
    }),
  ),
  'applications.ownerUser': command<OwnerSiteUser | null>()('The owner\u2019s web-app user (who signs).', byMerchant),
  'applications.setOwnerUser': command<OwnerSiteUser | null>()(
    'Changes the owner\u2019s web-app user, until the owner has registered.',
    z.strictObject({ merchantId, ownerSiteUser }),
  ),
  'applications.attachments': command<AttachmentRecord[]>()(
    'The attachments this back office uploaded for the merchant (upload: POST /attachments on the host).',
    byMerchant,
  ),
  'signature.request': command<SignatureRequest>()(
    'Sends the application for the owner\u2019s signature (INPROG -> OFS); answers the signing link.',
    byMerchant,
  ),
  'signature.retract': command<ApplicationView>()(
    'Disables the signing link (OFS -> INPROG), only while the signature is PENDING.',
    byMerchant,
  ),
} as const;
