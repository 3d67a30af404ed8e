import type { Clock } from '../../platform/clock';
import { createGatewayLink } from '../offline/gateway-link';
import { createGatewayProbe } from '../offline/gateway-probe';
import type { GatewayLink } from '../offline/link-state';
import type { CoreOptions } from './core-options';
import type { TrainingGateway } from './training-kit';

/**
 * The gateway link's breaker (ADR 075) for a lane that takes payments offline: its probe asks the
 * gateway the lane sells through (training's, whose address a DNS fault can change, or the live
 * one's). A link given by the caller (tests, the headless CLI) is used as it is. None when offline
 * payments are off: the lane then sells exactly as it always did.
 */
export function setupGatewayLink(
  options: CoreOptions,
  clock: Clock,
  training: TrainingGateway,
): GatewayLink | undefined {
  if (options.gatewayLink) return options.gatewayLink;
  const { settings, logger } = options;
  if (!settings.offline.enabled || options.gateway) return undefined;
  const baseUrl = settings.training ? () => training.gatewayUrl() : settings.gateway.url;
  return createGatewayLink({ probe: createGatewayProbe({ baseUrl, clock }), clock, logger });
}
