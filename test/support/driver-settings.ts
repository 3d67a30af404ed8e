import { settingsSchema, type Settings, type SettingsInput } from '../../src-main/lane/config/settings';

/**
 * The settings of a live lane (not training, so no emulated device stands in) with the devices
 * given: card readers, signature pads, printers. The gateway's address is a placeholder the
 * device tests never call.
 */
export function liveDeviceSettings(devices: Pick<SettingsInput, 'devices' | 'signaturePads' | 'printers'>): Settings {
  return settingsSchema.parse({ training: false, gateway: { url: 'https://gateway.example/rest' }, ...devices });
}
