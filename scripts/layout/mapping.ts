/**
 * The layout by program (issue 31, ADR 060): old folder (ending in `/`) or file -> its new place.
 * A folder entry moves everything under it, files added after this was written too. The most
 * specific entry wins (a file entry over its folder's). Each entry applies to the source and to
 * its tests alike: `src-main/core/` moves `test/src-main/core/` to `test/src-main/lane/core/`.
 */
export const layout: Readonly<Record<string, string>> = {
  // platform: the base every program stands on
  'src-main/log/': 'src-main/platform/log/',
  'src-main/http/': 'src-main/platform/http/',
  'src-main/emulator/tls.ts': 'src-main/platform/tls.ts',

  // lane: the point of sale and its payment path
  'src-main/core/': 'src-main/lane/core/',
  'src-main/core/training-gateway.ts': 'src-main/lane/core/training/training-gateway.ts',
  'src-main/core/setup-training.ts': 'src-main/lane/core/training/setup-training.ts',
  'src-main/config/': 'src-main/lane/config/',
  'src-main/devices/': 'src-main/lane/devices/',
  'src-main/gateway/': 'src-main/lane/gateway/',
  'src-main/ipc/': 'src-main/lane/ipc/',
  'src-main/journal/': 'src-main/lane/journal/',
  'src-main/kiosk/': 'src-main/lane/kiosk/',
  'src-main/payment/': 'src-main/lane/payment/',
  'src-main/receipt/': 'src-main/lane/receipt/',
  'src-main/security/': 'src-main/lane/security/',
  'src-main/session/': 'src-main/lane/session/',
  'src-main/signature/': 'src-main/lane/signature/',
  'src-main/terminal/': 'src-main/lane/terminal/',
  'src-main/wallet/': 'src-main/lane/wallet/',

  // back office: store setup over the boarding API (src-main/backoffice/ stays where it is)
  'src-main/boarding/': 'src-main/backoffice/boarding/',

  // stand-ins: training's emulators and emulated devices, written from the public references
  'src-main/emulator/': 'src-main/stand-ins/gateway-emulator/',
  'src-main/emulator/tokenizer-endpoint.ts': 'src-main/stand-ins/tokenizer/tokenizer-endpoint.ts',
  'src-main/emulator/tokenizer-device-data.ts': 'src-main/stand-ins/tokenizer/tokenizer-device-data.ts',
  'src-main/emulator/wallet/': 'src-main/stand-ins/training-wallet/',
  'src-main/boarding-emulator/': 'src-main/stand-ins/boarding-emulator/',
  'drivers/emulated/': 'src-main/stand-ins/devices/',

  // shells: how a person or a program reaches the programs
  'src-main/electron/': 'src-main/shells/electron/',
  'src-main/host/': 'src-main/shells/host/',
  'src-main/cli/': 'src-main/shells/cli/',
  'src-main/backoffice/training.ts': 'src-main/shells/training/backoffice-training.ts',
};

/** Where the tests of a source path live: the same path under test/. */
export const testRoot = 'test/';
