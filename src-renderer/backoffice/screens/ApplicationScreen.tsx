import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { ActionResult } from '../components/ActionResult';
import { StatusBadge } from '../components/StatusBadge';
import { StatusTimeline } from '../components/StatusTimeline';
import type { ApplicationView, TimelineEntry, Tree } from '../api-types';
import { AttachmentsSection } from '../sections/AttachmentsSection';
import { CustomFieldsSection } from '../sections/CustomFieldsSection';
import { EditSection } from '../sections/EditSection';
import { OrdersSection } from '../sections/OrdersSection';
import { OwnerUserSection } from '../sections/OwnerUserSection';
import { ProvisionSection } from '../sections/ProvisionSection';
import { SignatureSection } from '../sections/SignatureSection';
import { BackOfficeContext, useBackOffice } from '../store';
import { useAction } from '../use-action';

/** When each boarding status was first seen, from the application's timeline. */
function reachedFrom(timeline: readonly TimelineEntry[]): Record<string, string> {
  const reached: Record<string, string> = {};
  for (const entry of timeline) reached[entry.status] ??= new Date(entry.at).toLocaleString();
  return reached;
}

/**
 * One application: where it stands (the timeline, fed by the status event the host sends as it
 * polls the service), the owner's signature, its data while in progress, custom fields, the
 * owner's sign-in, attachments, equipment orders and, once boarded, provisioning the lanes.
 */
export function ApplicationScreen({ merchantId, token }: { merchantId: string; token: string }) {
  const run = useBackOffice((state) => state.run);
  const live = useBackOffice((state) => state.live[merchantId]);
  const go = useBackOffice((state) => state.go);
  const [detail, setDetail] = useState<ApplicationView | null>(null);
  const load = useAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const reload = useCallback(async () => setDetail(await run('applications.get', { merchantId })), [merchantId, run]);
  useEffect(() => {
    void load.run(reload).then(() => heading.current?.focus());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [reload]);
  // A status the event brings (signed, boarded) reloads the rest of the page: the store is the
  // outside system here, and its change the callback.
  const store = useContext(BackOfficeContext);
  useEffect(
    () =>
      store?.subscribe((state, before) => {
        if (state.live[merchantId] !== before.live[merchantId]) void reload().catch(() => undefined);
      }),
    [store, merchantId, reload],
  );

  if (!detail)
    return (
      <section className="bo-screen" aria-label="Application">
        <p className="bo-note">{load.error ? null : 'Loading the application\u2026'}</p>
        <ActionResult action={load} />
        <div className="bo-actions">
          <button type="button" onClick={() => go('applications')}>
            Back to applications <kbd>Alt+1</kbd>
          </button>
        </div>
      </section>
    );
  const now = live?.current ?? detail;
  const status = now.status;
  const boarded = now.gatewayStatus === 'BOARDED';
  const demographic = detail.merchant.demographic as Tree | undefined;
  return (
    <section className="bo-screen" aria-labelledby="application-heading">
      <div className="bo-detail-head">
        <h1 id="application-heading" ref={heading} tabIndex={-1}>
          {detail.dbaName}
        </h1>
        <StatusBadge code={status} />
        <span className="bo-note">Merchant id {detail.merchantId}</span>
      </div>
      <section className="bo-panel" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Where it stands</h2>
        <StatusTimeline current={status} reachedAt={{ ...reachedFrom(detail.timeline), ...live?.reachedAt }} />
        <p className="bo-note" role="status">
          {status === 'LIVE'
            ? 'Live: the merchant is boarded to the processor and the gateway and receives deposits.'
            : status === 'DECLINED'
              ? 'Declined in underwriting.'
              : 'The back office asks the service for news every little while; this page moves on by itself.'}
        </p>
      </section>
      <div className="bo-sections">
        <SignatureSection detail={detail} status={status} signature={now.signatureStatus} reload={reload} />
        <ProvisionSection merchantId={merchantId} boarded={boarded} merchId={now.gatewayMerchantId} />
        <EditSection
          key={JSON.stringify(detail.merchant)}
          detail={detail}
          editable={detail.editable && status === 'INPROG'}
          reload={reload}
        />
        <CustomFieldsSection merchantId={merchantId} editable={detail.editable && status === 'INPROG'} />
        <OwnerUserSection merchantId={merchantId} />
        <AttachmentsSection merchantId={merchantId} token={token} />
        <OrdersSection
          merchantId={merchantId}
          salesCode={String(detail.merchant.salesCode ?? '')}
          shipTo={(demographic?.businessAddress as Tree | undefined) ?? null}
        />
      </div>
    </section>
  );
}
