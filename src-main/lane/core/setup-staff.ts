import type { CoreOptions } from './core-options';
import type { Clock } from '../../platform/clock';
import { createSessionService, type SessionService } from '../session/session-service';
import { pinLockStore } from '../session/pin-lock-file';
import { createSettingsService, type SettingsService } from '../config/settings-service';
import type { GatewayAccess } from '../terminal/terminal';

/** Who is signed in (with wrong-PIN locks that survive a restart), and the Settings screen's service. */
export interface LaneStaff {
  readonly session: SessionService;
  readonly settingsService: SettingsService;
}

export function setupStaff(
  options: CoreOptions,
  clock: Clock,
  gateway: () => Promise<GatewayAccess>,
  printerProfileNames: string[],
): LaneStaff {
  const { settings, logger } = options;
  const locks = pinLockStore(options.pinLockFolder, (problem) => logger.error({ problem }, 'wrong-PIN locks'));
  const session = createSessionService({ settings, clock, logger, locks });
  const settingsService = createSettingsService({
    settings,
    file: options.settingsFile,
    secrets: () => options.secrets?.(),
    gateway,
    printerProfiles: printerProfileNames,
    logger,
  });
  return { session, settingsService };
}
