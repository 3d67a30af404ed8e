import { useEffect, useState } from 'react';
import { ActionResult } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';

/**
 * Putting lanes on the boarded merchant: write its gateway merchant id into this machine's lane
 * settings, or save a provisioning file for `lanepoint provision` on another lane. Neither holds
 * credentials: the service does not hand them out, the operator enters them in the lane's Settings.
 */
export function ProvisionSection({
  merchantId,
  boarded,
  merchId,
}: {
  merchantId: string;
  boarded: boolean;
  merchId: string | null;
}) {
  const run = useBackOffice((state) => state.run);
  const training = useBackOffice((state) => state.status?.training ?? false);
  const thisLane = useAction();
  const exported = useAction();
  const [download, setDownload] = useState<{ href: string; fileName: string } | null>(null);
  useEffect(() => () => (download ? URL.revokeObjectURL(download.href) : undefined), [download]);
  return (
    <section className="bo-panel" aria-labelledby="provision-heading">
      <h2 id="provision-heading">Provision lanes</h2>
      {boarded ? (
        <p className="bo-note">
          Gateway merchant id <strong>{merchId}</strong>. Lanes need it to sell;{' '}
          {training
            ? 'in training they sell through the practice gateway, with nothing more to enter.'
            : 'their gateway user and password are entered in each lane\u2019s Settings.'}
        </p>
      ) : (
        <p className="bo-note" id="provision-why">
          Available once the gateway has boarded the merchant (status Boarded).
        </p>
      )}
      <div className="bo-actions">
        <button
          type="button"
          className="primary"
          disabled={!boarded || thisLane.busy}
          aria-describedby={boarded ? undefined : 'provision-why'}
          onClick={() =>
            void thisLane.run(async () => {
              const done = await run('provision.thisLane', { merchantId });
              // The lane reads its settings when it starts: one running now goes on as it was until restarted.
              return `The lane on this machine sells as merchant ${done.provisioning.merchantId} from its next start (saved in ${done.settingsFile}).`;
            })
          }
        >
          Provision this lane
        </button>
        <button
          type="button"
          disabled={!boarded || exported.busy}
          aria-describedby={boarded ? undefined : 'provision-why'}
          onClick={() =>
            void exported.run(async () => {
              const file = await run('provision.export', { merchantId });
              const href = URL.createObjectURL(new Blob([file.content], { type: 'application/json' }));
              const fileName = file.file.split(/[\\/]/).pop() ?? 'lane-provisioning.json';
              setDownload({ href, fileName });
              return `Provisioning file written to ${file.file}: run \u201clanepoint provision ${fileName}\u201d on the other lane.`;
            })
          }
        >
          Export provisioning file
        </button>
        {download ? (
          <a href={download.href} download={download.fileName}>
            Save {download.fileName}
          </a>
        ) : null}
      </div>
      <ActionResult action={thisLane} />
      <ActionResult action={exported} />
    </section>
  );
}
