/**
 * What a hostile look at the platform base found (issue 31, item 3): the back office read its
 * settings with a weaker loader than the lane's (a key written twice, a UTF-16 file or a 0644 file
 * went by; the error named one issue, as a bare Error); error classes carried no kind; two
 * classes were called TransportError; amounts were formatted by hand in several places.
 */
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBackofficeSettings, backofficeSettingsPath } from '../../src-main/backoffice/settings';
import { LaneError } from '../../src-main/lane/errors';
import { UsageError } from '../../src-main/shells/cli/usage';
import { GatewayError, GatewayTransportError, ValidationError } from '../../src-main/lane/gateway/errors';
import { BoardingTransportError } from '../../src-main/backoffice/boarding/errors';
import { JournalError } from '../../src-main/lane/journal/card-data';
import { SettingsError } from '../../src-main/lane/config/settings';
import { SignatureFormatError } from '../../src-main/lane/signature/bmp';
import { TransportError } from '../../drivers/transport/errors';
import { KindedError, kindOf } from '../../src-main/platform/errors';
import { freshFolder, posix, settingsErrorOf } from '../src-main/lane/config/folders';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}
const allSources = () => ['src-main', 'src-renderer', 'drivers'].flatMap(sourceFiles);

describe('the back office loads its settings through the one loader', () => {
  const withFile = (content: string | Buffer) => {
    const home = freshFolder('backoffice-settings');
    writeFileSync(backofficeSettingsPath(home), content);
    return { home, file: backofficeSettingsPath(home) };
  };

  it('names a key written twice, with the line, as a SettingsError', () => {
    const { home, file } = withFile(
      '{\n  "boardingUrl": "https://a.example",\n  "boardingUrl": "https://b.example"\n}\n',
    );
    const error = settingsErrorOf(() => loadBackofficeSettings(home, {}));
    expect(error.setting).toBe('boardingUrl');
    expect(error.message).toContain(`${file}: boardingUrl: written twice (again at line 3)`);
  });

  it('names every wrong key path and the file, not just the first', () => {
    const { home, file } = withFile(JSON.stringify({ boardingUrl: 42, training: 'yes', extra: 1 }));
    const error = settingsErrorOf(() => loadBackofficeSettings(home, {}));
    expect(error.issues.map((issue) => issue.setting).sort()).toEqual(['boardingUrl', 'extra', 'training']);
    expect(error.message).toContain(`${file}: extra: unknown setting; check its spelling`);
    expect(error.kind).toBe('invalid-setting');
  });

  it('says a UTF-16 file is UTF-16, not that it is bad JSON', () => {
    const { home } = withFile(Buffer.from('\uFEFF{"training": true}', 'utf16le'));
    expect(settingsErrorOf(() => loadBackofficeSettings(home, {})).message).toContain('is saved as UTF-16');
  });

  it.skipIf(!posix)('tightens a settings file left open to others to 0600', () => {
    const { home, file } = withFile('{"training": true}');
    chmodSync(file, 0o644);
    expect(loadBackofficeSettings(home, {}).training).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('errors carry a kind', () => {
  it.each<[string, Error, string]>([
    ['LaneError', new LaneError('refused', 'no'), 'refused'],
    ['GatewayError', new GatewayError('no'), 'http'],
    ['GatewayTransportError', new GatewayTransportError('lost', { requestSent: true }), 'transport'],
    ['ValidationError', new ValidationError('amount', 'too long'), 'invalid'],
    ['BoardingTransportError', new BoardingTransportError('lost'), 'transport'],
    ['JournalError', new JournalError('disk full'), 'write'],
    [
      'SettingsError',
      new SettingsError([{ setting: 'x', source: { kind: 'value' }, reason: 'bad' }]),
      'invalid-setting',
    ],
    ['UsageError', new UsageError('no such command'), 'usage'],
    ['SignatureFormatError', new SignatureFormatError('not a BMP'), 'malformed'],
    ['TransportError', new TransportError('busy', 'port held'), 'busy'],
  ])('%s', (_name, error, kind) => {
    expect(error).toBeInstanceOf(KindedError);
    expect(kindOf(error)).toBe(kind);
  });

  it('every error class in the product and the stand-ins stands on the platform base', () => {
    const bare = allSources().filter((file) =>
      /class \w+ extends Error\b/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(bare).toEqual([]);
  });

  it('only one class is called TransportError', () => {
    const named = allSources().filter((file) => /class TransportError\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(named).toEqual(['drivers/transport/errors.ts']);
  });
});

describe('one money formatter', () => {
  it('no module but platform/money.ts writes minor units as dollars and cents by hand', () => {
    const byHand = /\/ 100\)\}\.\$\{String\(|toFixed\(2\)|Intl\.NumberFormat/;
    const found = allSources().filter(
      (file) => file !== 'src-main/platform/money.ts' && byHand.test(readFileSync(join(root, file), 'utf8')),
    );
    // The pay page's ES5 script cannot import a module until it is a real front-end entry (item 4).
    expect(found.filter((file) => file !== 'src-main/lane/wallet/pay-link/wallet-buttons.ts')).toEqual([]);
  });
});
