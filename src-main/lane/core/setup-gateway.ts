import type { CoreOptions } from './core-options';
import { liveGateway } from './live-gateway';
import type { LinkReport } from '../gateway/client-settings';
import type { GatewayAccess } from '../terminal/terminal';
import type { TrainingGateway } from './training-kit';

/**
 * How the lane reaches its gateway: the one given (the headless CLI's --gateway, tests), or in
 * training the built-in emulator, or the live gateway with the stored credentials. With `link`
 * (offline payments on), the client tells the breaker whether each call was answered or never left.
 */
export function setupGateway(
  options: CoreOptions,
  training: TrainingGateway,
  link?: LinkReport,
): () => Promise<GatewayAccess> {
  const { settings } = options;
  return (
    options.gateway ??
    (async (): Promise<GatewayAccess> =>
      settings.training ? training.access(settings.merchantId, link) : liveGateway(settings, options.secrets?.(), link))
  );
}
