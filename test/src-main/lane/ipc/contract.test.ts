import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands, events, saleTenders, terminalPhases } from '../../../../src-main/lane/ipc/contract';
import { cancelablePhases, isCancelablePhase, salePhases } from '../../../../src-main/lane/ipc/sale-phases';
import { cardEntries, cardTenders } from '../../../../src-main/lane/ipc/tenders';

// ADR 023: the contract is declared by group in src-main/lane/ipc/contract/, and ipc/contract.ts is
// the one index of every command and event. A group the index forgets would be a command no
// transport knows; a name declared in two groups would silently lose one of them.
const groupFolder = join(process.cwd(), 'src-main/lane/ipc/contract');
const groupFiles = readdirSync(groupFolder).filter((file) => file.endsWith('.ts'));

async function declaredMaps(suffix: 'Commands' | 'Events'): Promise<Array<[string, Record<string, unknown>]>> {
  const maps: Array<[string, Record<string, unknown>]> = [];
  for (const file of groupFiles) {
    const module = (await import(join(groupFolder, file))) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (exported.endsWith(suffix)) maps.push([`${file}:${exported}`, value as Record<string, unknown>]);
    }
  }
  return maps;
}

describe('the contract index', () => {
  it.each([
    ['Commands', commands],
    ['Events', events],
  ] as const)('holds every group\u2019s %s, each name declared once, nothing else', async (suffix, index) => {
    const maps = await declaredMaps(suffix);
    expect(maps.length).toBeGreaterThan(2);
    const seen = new Map<string, string>();
    for (const [where, map] of maps) {
      for (const [name, spec] of Object.entries(map)) {
        expect(seen.get(name), `${name} is declared in ${seen.get(name)} and ${where}`).toBeUndefined();
        seen.set(name, where);
        expect((index as Record<string, unknown>)[name], `${name} (${where}) is missing from ipc/contract.ts`).toBe(
          spec,
        );
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(index).sort());
  });

  it('keeps every group file under 400 lines', () => {
    for (const file of groupFiles)
      expect(readFileSync(join(groupFolder, file), 'utf8').split('\n').length, file).toBeLessThan(400);
  });
});

describe('the tenders and the sale phases, declared once', () => {
  it('card tenders are tenders, and terminal.sale takes exactly them', () => {
    for (const tender of cardTenders) expect(saleTenders).toContain(tender);
    const { args } = commands['terminal.sale'];
    // A forced sale goes with the issuer's voice authorization code, and only a forced sale does.
    const withCode = (tender: string) => (tender === 'forced-sale' ? { voiceAuthcode: 'VC4821' } : {});
    for (const tender of cardTenders)
      expect(args.safeParse({ amountMinor: 100, tender, ...withCode(tender) }).success).toBe(true);
    expect(args.safeParse({ amountMinor: 100, tender: 'forced-sale' }).success).toBe(false);
    expect(args.safeParse({ amountMinor: 100, voiceAuthcode: 'VC4821' }).success).toBe(false);
    expect(args.safeParse({ amountMinor: 100, tender: 'forced-sale', voiceAuthcode: 'VC-482' }).success).toBe(false);
    for (const tender of saleTenders.filter((name) => !(cardTenders as readonly string[]).includes(name))) {
      expect(args.safeParse({ amountMinor: 100, tender }).success).toBe(false);
    }
    for (const entry of cardEntries) expect(args.safeParse({ amountMinor: 100, entry }).success).toBe(true);
    expect(args.safeParse({ amountMinor: 100, entry: 'tapped' }).success).toBe(false);
  });

  it('every phase once: the lane\u2019s own around a sale\u2019s, in the order a sale runs', () => {
    expect(new Set(terminalPhases).size).toBe(terminalPhases.length);
    expect(terminalPhases).toEqual(['starting', 'idle', ...salePhases, 'done', 'working', 'offline']);
    for (const phase of cancelablePhases) expect(salePhases).toContain(phase);
    expect(terminalPhases.filter(isCancelablePhase)).toEqual(['awaiting-card', 'confirm-fee', 'signature']);
  });
});
