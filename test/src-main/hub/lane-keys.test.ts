import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  laneSecretMatches,
  loadOrCreateAdminKey,
  newLaneId,
  newLaneKey,
  parseLaneKey,
} from '../../../src-main/hub/lane-keys';

describe('lane keys', () => {
  it('reads a key apart whatever its secret holds, and checks the secret against its hash', () => {
    for (let round = 0; round < 50; round++) {
      const laneId = newLaneId();
      const { key, keyHash } = newLaneKey(laneId);
      const presented = parseLaneKey(key);
      expect(presented?.laneId).toBe(laneId);
      expect(laneSecretMatches(presented!.secret, keyHash)).toBe(true);
      expect(keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(key).not.toContain(keyHash);
    }
    const { keyHash } = newLaneKey('lane-a');
    expect(laneSecretMatches(parseLaneKey(newLaneKey('lane-a').key)!.secret, keyHash)).toBe(false);
  });

  it.each(['lpk_lane-a', 'lpk_Lane-A_' + 'a'.repeat(43), 'lpk_lane-a_short', 'lpa_' + 'a'.repeat(43), ''])(
    'refuses %j as a lane key',
    (token) => expect(parseLaneKey(token)).toBeUndefined(),
  );

  it('makes the admin key once, 0600, and reads the same one after', async () => {
    const home = mkdtempSync(join(tmpdir(), 'hub-home-'));
    const first = await loadOrCreateAdminKey(home);
    const second = await loadOrCreateAdminKey(home);
    expect(second.key).toBe(first.key);
    expect(first.matches(first.key)).toBe(true);
    expect(first.matches(`${first.key}x`)).toBe(false);
    if (process.platform !== 'win32') expect(statSync(join(home, 'secrets.json')).mode & 0o777).toBe(0o600);
  });
});
