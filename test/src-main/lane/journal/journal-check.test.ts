import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../../src-main/lane/config/settings';
import { openLaneJournal, type LaneJournalOptions } from '../../../../src-main/lane/journal/journal-check';
import { Journal, JournalError } from '../../../../src-main/lane/journal/journal';
import { recordEvery } from '../../../../src-main/lane/journal/lane-record';
import { ManualClock } from '../../../support/manual-clock';

const clock = new ManualClock();

function lane(): LaneJournalOptions & { home: string; warnings: string[] } {
  const home = mkdtempSync(join(tmpdir(), 'journal-check-'));
  const warnings: string[] = [];
  return {
    home,
    warnings,
    path: join(home, 'journal.sqlite'),
    settingsFile: join(home, 'settings.json'),
    legacyIdentityFile: join(home, 'journal-identity.json'),
    clock,
    terminalId: 'LANE-01',
    warn: (message) => warnings.push(message),
  };
}

function opened(options: LaneJournalOptions, acknowledge = false): Journal {
  const result = openLaneJournal(options, acknowledge);
  if ('refusal' in result) throw new Error(`refused: ${result.refusal.message}`);
  return result.journal;
}

const settingsOf = (options: { settingsFile: string }) =>
  JSON.parse(readFileSync(options.settingsFile, 'utf8')) as Record<string, unknown> & {
    journals?: Record<string, { id: string; lastEntryId: number }>;
  };

function write(journal: Journal, count: number): void {
  for (let index = 0; index < count; index++)
    journal.begin({ operation: 'auth', orderId: `LANE01-261128-${String(index).padStart(5, '0')}`, amountMinor: 100 });
}

describe('openLaneJournal and the lane record in settings.json', () => {
  it('an existing journal with no record yet (an upgrade) is adopted, its identity and last entry recorded', () => {
    const options = lane();
    const old = Journal.open(options.path, options);
    write(old, 3);
    const identity = old.identity;
    old.close();
    writeFileSync(options.settingsFile, '{ "terminalId": "LANE-01" }\n');
    opened(options).close();
    expect(settingsOf(options)).toEqual({
      terminalId: 'LANE-01',
      journals: { 'journal.sqlite': { id: identity, lastEntryId: 3 } },
    });
    // What the lane wrote is a valid settings file.
    expect(loadSettings({ appDataDir: options.home, env: {} }).settings.journals?.['journal.sqlite']?.lastEntryId).toBe(
      3,
    );
  });

  it('an upgraded lane keeps the check journal-identity.json gave it: its journal recorded there is adopted, another refused', () => {
    const options = lane();
    const journal = Journal.open(options.path, options);
    const identity = journal.identity;
    journal.close();
    writeFileSync(options.legacyIdentityFile!, JSON.stringify({ [resolve(options.path)]: 'someone-else' }));
    expect(openLaneJournal(options)).toMatchObject({ refusal: { cause: 'replaced' } });
    writeFileSync(options.legacyIdentityFile!, JSON.stringify({ [resolve(options.path)]: identity }));
    opened(options).close();
    expect(settingsOf(options).journals?.['journal.sqlite']?.id).toBe(identity);
  });

  it('moves the record on every few entries and at close, not at each sale', () => {
    const options = lane();
    const journal = opened(options);
    write(journal, recordEvery - 1);
    expect(settingsOf(options).journals?.['journal.sqlite']?.lastEntryId).toBe(0);
    write(journal, 1);
    expect(settingsOf(options).journals?.['journal.sqlite']?.lastEntryId).toBe(recordEvery);
    write(journal, 2);
    expect(settingsOf(options).journals?.['journal.sqlite']?.lastEntryId).toBe(recordEvery);
    journal.close();
    expect(settingsOf(options).journals?.['journal.sqlite']?.lastEntryId).toBe(recordEvery + 2);
  });

  it('an older copy is refused as behind, leaves the record as it was, and is accepted once acknowledged', () => {
    const options = lane();
    const journal = opened(options);
    journal.close();
    const older = readFileSync(options.path);
    const again = opened(options);
    write(again, 4);
    again.close();
    writeFileSync(options.path, older);
    const result = openLaneJournal(options);
    expect(result).toMatchObject({ refusal: { cause: 'behind', acknowledgeable: true } });
    expect('refusal' in result && result.refusal.message).toContain(
      '(it holds entries up to 0, but this lane had written up to 4)',
    );
    expect(settingsOf(options).journals?.['journal.sqlite']?.lastEntryId).toBe(4);
    opened(options, true).close();
    expect(settingsOf(options).journals?.['journal.sqlite']?.lastEntryId).toBe(0);
    opened(options).close();
  });

  // Root writes into a read-only folder all the same: this runs only where permissions bind.
  const permissionsBind = process.platform !== 'win32' && process.getuid?.() !== 0;
  it.skipIf(!permissionsBind)(
    'a settings.json the lane cannot write: the journal opens, and the warning says what is lost',
    () => {
      const options = lane();
      writeFileSync(options.settingsFile, '{}\n');
      chmodSync(options.home, 0o500);
      try {
        opened(options).close();
      } finally {
        chmodSync(options.home, 0o700);
      }
      expect(options.warnings.join('\n')).toMatch(
        /could not record its journal in .*settings\.json .*would not be noticed/,
      );
    },
  );

  it('a record a person damaged is refused, naming the setting', () => {
    const options = lane();
    writeFileSync(options.settingsFile, '{ "journals": { "journal.sqlite": { "id": "x", "lastEntryId": -1 } } }\n');
    expect(() => openLaneJournal(options)).toThrow(JournalError);
    expect(() => openLaneJournal(options)).toThrow(/journals\.journal\.sqlite\.lastEntryId is not what the lane wrote/);
  });
});
