import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTerminalAssignments } from '../../../src-main/backoffice/terminal-assignments';

const folder = mkdtempSync(join(tmpdir(), 'terminal-assignments-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the record of which lane has which terminal', () => {
  it('keeps each store\u2019s assignments across restarts, one terminal per lane, counting only lanes the hub still lists', () => {
    const home = join(folder, 'kept');
    const record = openTerminalAssignments(home);
    record.assign({ storeId: 'store-1', hsn: 'C042UQ93160289', laneId: 'lane-1', laneName: 'Counter 1' });
    record.assign({ storeId: 'store-2', hsn: '15225SC90709732', laneId: 'lane-2', laneName: 'Annex 1' });
    record.assign({ storeId: 'store-1', hsn: '15225SC90709732', laneId: 'lane-3', laneName: 'Counter 3' });
    // Lane 1 is given another terminal: its first one is free again.
    record.assign({ storeId: 'store-1', hsn: '14012PP20131409', laneId: 'lane-1', laneName: 'Counter 1' });
    expect(statSync(join(home, 'terminal-assignments.json')).mode & 0o777).toBe(0o600);

    const reopened = openTerminalAssignments(home);
    const live = new Set(['lane-1', 'lane-2', 'lane-3']);
    expect(reopened.held('store-1', live).map((entry) => [entry.hsn, entry.laneId])).toEqual([
      ['15225SC90709732', 'lane-3'],
      ['14012PP20131409', 'lane-1'],
    ]);
    expect(reopened.held('store-2', live).map((entry) => entry.laneName)).toEqual(['Annex 1']);
    // A lane the hub no longer lists holds nothing.
    expect(reopened.held('store-1', new Set(['lane-1'])).map((entry) => entry.laneId)).toEqual(['lane-1']);
  });

  it('refuses a damaged record instead of forgetting who has which terminal', () => {
    const home = join(folder, 'damaged');
    openTerminalAssignments(home).assign({ storeId: 's', hsn: 'H1', laneId: 'l', laneName: 'L' });
    writeFileSync(join(home, 'terminal-assignments.json'), '[{"storeId": 5}]');
    expect(() => openTerminalAssignments(home)).toThrow(
      /terminal-assignments\.json is not a list of terminal assignments/,
    );
  });
});
