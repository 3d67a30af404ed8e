import type { GatewayLink } from './link-state';

/** The link of a lane without a health probe: always online, so nothing is stored until a never-left request says otherwise. */
export function alwaysOnlineLink(): GatewayLink {
  return {
    state: () => 'online',
    noteNeverLeft: () => undefined,
    noteAnswered: () => undefined,
    onChange: () => () => undefined,
    close: () => undefined,
  };
}
