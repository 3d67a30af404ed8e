import { SigningLink } from '../components/SigningLink';
import { ActionResult } from '../components/ActionResult';
import type { ApplicationView } from '../api-types';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';

/**
 * The owner's signature: request it while the application is in progress (the link then shows as
 * text and QR code), retract it while it waits (the link stops working and editing opens again).
 */
export function SignatureSection({
  detail,
  status,
  signature,
  reload,
}: {
  detail: ApplicationView;
  status: string;
  signature: string;
  reload: () => Promise<void>;
}) {
  const run = useBackOffice((state) => state.run);
  const request = useAction();
  const retract = useAction();
  const pending = signature === 'PENDING';
  const inReview = status === 'QUALIFY' || status === 'UNDER';
  // A message that no longer holds is not left standing: "the link is ready" once the owner has
  // signed, "retracted" once the signature is requested again. A refusal stays until the next try.
  const result = request.error
    ? request
    : retract.error
      ? retract
      : pending
        ? request
        : status === 'INPROG'
          ? retract
          : null;
  return (
    <section className="bo-panel" aria-labelledby="signature-heading">
      <h2 id="signature-heading">Owner&rsquo;s signature</h2>
      {signature === 'SIGNED' ? (
        <p className="bo-ok">The owner signed the application{inReview ? '; the service is reviewing it.' : '.'}</p>
      ) : pending && detail.signature.signatureUrl ? (
        <>
          <p className="bo-note">
            Waiting for the owner. Give them this link: they review the application, complete it and sign.
          </p>
          <SigningLink url={detail.signature.signatureUrl} />
        </>
      ) : (
        <p className="bo-note">
          Not sent yet. Requesting the signature locks the application: retract it to edit again.
        </p>
      )}
      <div className="bo-actions">
        {status === 'INPROG' ? (
          <button
            type="button"
            className="primary"
            disabled={request.busy}
            aria-busy={request.busy}
            onClick={() =>
              void request.run(async () => {
                await run('signature.request', { merchantId: detail.merchantId });
                await reload();
                return 'Signature requested: the link is ready.';
              })
            }
          >
            Request signature
          </button>
        ) : null}
        {pending ? (
          <button
            type="button"
            className="danger"
            disabled={retract.busy}
            aria-busy={retract.busy}
            onClick={() =>
              void retract.run(async () => {
                await run('signature.retract', { merchantId: detail.merchantId });
                await reload();
                return 'Signature retracted: the old link no longer works, and the application can be edited.';
              })
            }
          >
            Retract signature
          </button>
        ) : null}
      </div>
      {result ? <ActionResult action={result} /> : null}
    </section>
  );
}
