/**
 * The back office's one contract between its renderer (src-renderer/backoffice/) and its main
 * process, declared like the lane's (ADR 023, ADR 032): every command a name, a zod schema and a
 * result type; every event a name and a payload. The renderer imports this file for types
 * only, so nothing here may hold the client secret, a password or a token. Money is in integer
 * minor units here; the boarding wire's decimals are converted in ./money.ts alone.
 *
 *   contract/status.ts        backoffice.*, credentials.set
 *   contract/applications.ts  applications.*, signature.*
 *   contract/commerce.ts      equipment.catalog, orders.*, lookups.get
 *   contract/plans.ts         plans.*
 *   contract/provision.ts     provision.*
 *   contract/hub.ts           hub.* (the store hub's manager API, ADR 083)
 *   contract/terminals.ts     terminals.* (integrated terminals a lane is provisioned on, ADR 085)
 *
 * Attachments are uploaded outside the bridge, streamed: `POST /attachments` on the back office
 * host (see ./attachment-route.ts); the hub's CSV export is `POST /hub/export.csv` (./hub-export-route.ts).
 */
import type {
  ActionsOf,
  ArgsOf,
  BridgeServerMessageOf,
  HandlersOf,
  ParsedArgsOf,
  PayloadOf,
  ResultOf,
  TransportOf,
} from '../lane/ipc/contract/derive';
import { event } from '../lane/ipc/contract/spec';
import { applicationCommands, type ApplicationSummary, type TimelineEntry } from './contract/applications';
import { commerceCommands } from './contract/commerce';
import { hubCommands } from './contract/hub';
import { planCommands } from './contract/plans';
import { provisionCommands } from './contract/provision';
import { statusCommands } from './contract/status';
import { terminalCommands } from './contract/terminals';

export * from './contract/applications';
export * from './contract/commerce';
export * from './contract/hub';
export * from './contract/plans';
export * from './contract/provision';
export * from './contract/status';
export * from './contract/terminals';
export { sessionTokenHeader } from '../lane/ipc/contract/derive';
export type { CommandReply, CommandError, CommandErrorCode } from '../lane/ipc/contract/replies';
export type {
  BoardingProcessStatus,
  CodeName,
  CustomField,
  CustomFieldValue,
  GatewayBoardingStatus,
  LookupList,
  Merchant,
  MerchantStatus,
  OwnerSiteUser,
  SignatureStatus,
  SignatureStatusCode,
} from '../reference/boarding-wire';

export const backofficeCommands = {
  ...statusCommands,
  ...applicationCommands,
  ...commerceCommands,
  ...planCommands,
  ...provisionCommands,
  ...hubCommands,
  ...terminalCommands,
} as const;

/** A status change found by polling: the timeline's new entry and the application as it is now. */
export interface ApplicationStatusChange {
  readonly merchantId: string;
  readonly entry: TimelineEntry;
  readonly application: ApplicationSummary;
}

export const backofficeEvents = {
  'application.status': event<ApplicationStatusChange>(
    'An application\u2019s boarding, gateway or signature status changed (found by polling with back-off).',
  ),
} as const;

export type BackofficeCommands = typeof backofficeCommands;
export type BackofficeEvents = typeof backofficeEvents;
export type BackofficeCommandName = keyof BackofficeCommands & string;
export type BackofficeEventName = keyof BackofficeEvents & string;
export type BackofficeCommandArgs<N extends BackofficeCommandName> = ArgsOf<BackofficeCommands, N>;
export type ParsedBackofficeArgs<N extends BackofficeCommandName> = ParsedArgsOf<BackofficeCommands, N>;
export type BackofficeCommandResult<N extends BackofficeCommandName> = ResultOf<BackofficeCommands, N>;
export type BackofficeEventPayload<N extends BackofficeEventName> = PayloadOf<BackofficeEvents, N>;
export type BackofficeHandlers = HandlersOf<BackofficeCommands>;
export type BackofficeBridgeMessage = BridgeServerMessageOf<BackofficeEvents>;

/** What the back office renderer calls: `api.call('orders.list', …)` or `api.orders.list(…)`. */
export type BackofficeApi = TransportOf<BackofficeCommands, BackofficeEvents> & ActionsOf<BackofficeCommands>;

/** The upload route on the back office host; query: merchantId, fileName, mimeType, attachmentTypeCd, description. */
export const attachmentUploadPath = '/attachments';
/** The largest attachment the service takes, before Base64. */
export const maxAttachmentBytes = 100 * 1024 * 1024;
/** The document types the upload takes: documents and images (the service refuses audio and video), each at most 30 characters as the mimeType field holds. */
export const attachmentMimeTypes = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/tiff',
  'image/bmp',
  'text/plain',
  'application/msword',
] as const;
