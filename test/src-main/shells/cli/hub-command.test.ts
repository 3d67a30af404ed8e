import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultHubHome } from '../../../../src-main/hub/hub';
import { lanepointBundled } from '../../../support/lanepoint-from-source';
import { until } from '../../../support/until';

describe('lanepoint hub', () => {
  let lanepoint: readonly string[] = [];
  beforeAll(async () => {
    lanepoint = await lanepointBundled('lanepoint-hub-command');
  });

  it('keeps its home beside the back office, or where LANEPOINT_HUB_HOME says', () => {
    expect(defaultHubHome({}, 'linux', '/home/ana')).toBe('/home/ana/.config/lanepoint-hub');
    expect(defaultHubHome({ LANEPOINT_HUB_HOME: '/srv/hub' }, 'linux', '/home/ana')).toBe('/srv/hub');
    expect(defaultHubHome({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/Lanepoint Hub');
  });

  it('serves the embedded database in a fresh home, answers the admin key, and stops on SIGTERM', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hub-cli-home-'));
    const env = { ...process.env, HOME: home, LANEPOINT_HUB_HOME: '', LANEPOINT_HUB_DATABASE: '', XDG_CONFIG_HOME: '' };
    const hub = spawn(process.execPath, [...lanepoint, 'hub', '--port', '0'], { env });
    let out = '';
    let err = '';
    hub.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    hub.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => hub.once('exit', (code) => resolve(code)));
    try {
      await until(
        () => /hub: listening on http:\/\/127\.0\.0\.1:\d+ \(embedded\)\n/.test(out) || hub.exitCode !== null,
        'the hub to listen',
        60_000,
      );
      expect(out, err).toMatch(/\(embedded\)/);
      const url = /listening on (\S+)/.exec(out)![1]!;
      expect(existsSync(join(home, '.config', 'lanepoint-hub', 'db'))).toBe(true);

      const printed = spawnSync(process.execPath, [...lanepoint, 'hub', '--admin-key'], {
        env,
        encoding: 'utf8',
      });
      expect(printed.status, printed.stderr).toBe(0);
      const adminKey = printed.stdout.trim();
      expect(adminKey).toMatch(/^lpa_[A-Za-z0-9_-]{43}$/);

      const lanes = await fetch(`${url}/api/admin/lanes`, { headers: { Authorization: `Bearer ${adminKey}` } });
      expect(lanes.status).toBe(200);
      expect(await lanes.json()).toEqual({ lanes: [] });
      expect((await fetch(`${url}/api/admin/lanes`)).status).toBe(401);
    } finally {
      hub.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(err).toContain('SIGTERM: stopping the hub');
  }, 90_000);

  it('refuses a --database that is not a postgres URL', () => {
    const home = mkdtempSync(join(tmpdir(), 'hub-cli-home-'));
    const result = spawnSync(process.execPath, [...lanepoint, 'hub', '--database', 'mysql://x'], {
      env: { ...process.env, LANEPOINT_HUB_HOME: home },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--database takes a postgres:// URL');
  });
});
