/**
 * The provisioning file for a lane that reports to the store hub (version 2): version 1's
 * merchant id, gateway URL and store name, plus where the hub is and the lane's own key. The key
 * is the hub's answer to creating the lane, given out once: the back office hands the text to
 * the manager to download and keeps no copy. A lane that takes cards on an integrated terminal
 * gets version 3: `payments.device` and the terminal's site, merchant id, HSN and API key, which
 * travels beside the hub's key in the same file, under the same care. (`lanepoint provision`
 * reads these; that side lives in ./provisioning.ts.)
 */
import type { LaneProvisioning } from './contract/provision';
import type { LaneTerminal } from './terminal-desk';

export interface HubLaneProvisioning extends Omit<LaneProvisioning, 'version'> {
  readonly version: 2 | 3;
  readonly hub: { readonly url: string; readonly laneId: string; readonly key: string };
}

/** Version 1's provisioning with the hub's URL, the lane's id and its key added, and its terminal if any. */
export function hubProvisioningFor(
  provisioning: LaneProvisioning,
  hub: { url: string; laneId: string; key: string },
  terminal?: LaneTerminal,
): HubLaneProvisioning {
  return {
    version: terminal ? 3 : 2,
    merchantId: provisioning.merchantId,
    gatewayUrl: provisioning.gatewayUrl,
    dbaName: provisioning.dbaName,
    hub: { url: hub.url, laneId: hub.laneId, key: hub.key },
    ...(terminal
      ? {
          payments: { device: 'integrated-terminal' as const },
          integratedTerminal: {
            baseUrl: terminal.baseUrl,
            merchantId: terminal.merchantId,
            hsn: terminal.hsn,
            apiKey: terminal.apiKey,
          },
        }
      : {}),
  };
}

/** The file's text: what the manager saves and gives to the lane. */
export function hubProvisioningText(provisioning: HubLaneProvisioning): string {
  return `${JSON.stringify(provisioning, null, 2)}\n`;
}
