/**
 * The back office contract's types under the names these screens use. Types only: the page
 * talks to its host over the bridge, and eslint.config.ts allows nothing else from src-main.
 */
import type {
  BackofficeApi,
  BackofficeCommandArgs,
  BackofficeCommandName,
  BackofficeCommandResult,
} from '../../src-main/backoffice/contract';

export type {
  ApplicationStatusChange,
  ApplicationSummary,
  ApplicationView,
  AttachmentRecord,
  BackofficeStatus,
  CodeName,
  CommandReply,
  CustomField,
  EquipmentView,
  LookupList,
  OrderInput,
  OrderView,
  PageView,
  PlanInput,
  PlanView,
  TerminalChoice,
  TimelineEntry,
} from '../../src-main/backoffice/contract';

export type BackOfficeCommandName = BackofficeCommandName;
export type BackOfficeCommandArgs<N extends BackOfficeCommandName> = BackofficeCommandArgs<N>;
export type BackOfficeCommandResult<N extends BackOfficeCommandName> = BackofficeCommandResult<N>;
/** The bridge half of the contract: `call` by name, `onEvent` by name. */
export type BackOfficeTransport = Pick<BackofficeApi, 'call' | 'onEvent'>;
/** An object the screens read and write by dotted path. */
export type Tree = { [key: string]: unknown };
