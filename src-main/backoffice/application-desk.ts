/**
 * The applications' commands: each reads the merchant back from the service after acting, so
 * the screen shows what the service holds, and each status read is recorded (a change is a
 * timeline entry and an `application.status` event).
 */
import type { BoardingClient } from './boarding/client';
import type { Merchant, MerchantRecord } from '../reference/boarding-wire';
import type { Clock } from '../platform/clock';
import type { HandlersOf } from '../lane/ipc/contract/derive';
import type { EventHub } from '../lane/ipc/event-hub';
import type { ApplicationRegister } from './application-register';
import { missingRequiredFields, refuseSignatureWithout } from './required-fields';
import type { applicationCommands, ApplicationView } from './contract/applications';
import type { BackofficeEvents } from './contract';
import type { StatusPoller } from './status-poller';
import { statusesOf } from './views';

export interface ApplicationDeskOptions {
  readonly boarding: () => Promise<BoardingClient>;
  readonly register: ApplicationRegister;
  readonly events: EventHub<BackofficeEvents>;
  readonly clock: Pick<Clock, 'now'>;
  /** Told when someone acted on an application, so its next status is looked for soon. */
  readonly poller: () => StatusPoller | undefined;
}

export interface ApplicationDesk {
  readonly handlers: HandlersOf<typeof applicationCommands>;
  /** Reads one application and records its statuses; true when they changed. The poller's check. */
  check(merchantId: string): Promise<boolean>;
  /** The application as the service holds it now, recorded. */
  view(merchantId: string): Promise<ApplicationView>;
}

export function createApplicationDesk(options: ApplicationDeskOptions): ApplicationDesk {
  const { boarding, register, events, clock } = options;

  /** Records what was read; publishes a change. */
  const observe = (merchantId: string, record: MerchantRecord): boolean => {
    const dbaName = record.merchant.dbaName ?? '';
    const entry = register.record(merchantId, dbaName, statusesOf(record), new Date(clock.now()));
    if (!entry) return false;
    const { timeline: _timeline, attachments: _attachments, ...application } = register.get(merchantId)!;
    events.emit('application.status', { merchantId, entry, application });
    return true;
  };

  const view = async (merchantId: string): Promise<ApplicationView> => {
    const record = await (await boarding()).merchants.get(merchantId);
    observe(merchantId, record);
    const { timeline, attachments: _attachments, ...summary } = register.get(merchantId)!;
    const { merchantStatus, signatureStatus, ...merchant } = record.merchant;
    return {
      ...summary,
      merchant,
      merchantStatus,
      signature: signatureStatus,
      ownerSiteUser: record.ownerSiteUser,
      editable: merchantStatus.boardingProcessStatusCd === 'INPROG',
      timeline,
    };
  };

  const acted = () => options.poller()?.nudge();

  const handlers: HandlersOf<typeof applicationCommands> = {
    'applications.list': ({ search, pageNumber, pageSize }) => register.list(search, pageNumber, pageSize),
    'applications.get': ({ merchantId }) => view(merchantId),
    'applications.create': async ({ templateId, merchant, ownerSiteUser }) => {
      const merchantId = await (await boarding()).merchants.create(templateId, merchant as Merchant, ownerSiteUser);
      return view(merchantId);
    },
    'applications.update': async ({ merchantId, merchant, ownerSiteUser }) => {
      await (await boarding()).merchants.update(merchantId, merchant as Merchant, ownerSiteUser);
      return view(merchantId);
    },
    'applications.customFields': async ({ merchantId }) => (await boarding()).customFields.get(merchantId),
    'applications.setCustomFields': async ({ merchantId, customFields }) => {
      const client = await boarding();
      await client.customFields.update(merchantId, customFields);
      return client.customFields.get(merchantId);
    },
    'applications.ownerUser': async ({ merchantId }) => (await boarding()).ownerSiteUser.get(merchantId),
    'applications.setOwnerUser': async ({ merchantId, ownerSiteUser }) => {
      const client = await boarding();
      await client.ownerSiteUser.update(merchantId, ownerSiteUser);
      return client.ownerSiteUser.get(merchantId);
    },
    'applications.attachments': ({ merchantId }) => [...(register.get(merchantId)?.attachments ?? [])],
    'signature.request': async ({ merchantId }) => {
      const client = await boarding();
      // The owner is not sent a link the service would refuse: the empty required fields are named
      // first. Fields that cannot be read are left to the service, whose refusal is worded alike.
      const fields = await client.customFields.get(merchantId).catch(() => []);
      refuseSignatureWithout(missingRequiredFields(fields));
      const signatureUrl = await client.signature.request(merchantId);
      acted();
      return { signatureUrl, application: await view(merchantId) };
    },
    'signature.retract': async ({ merchantId }) => {
      await (await boarding()).signature.retract(merchantId);
      return view(merchantId);
    },
  };

  return {
    handlers,
    view,
    async check(merchantId) {
      return observe(merchantId, await (await boarding()).merchants.get(merchantId));
    },
  };
}
