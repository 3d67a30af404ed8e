import { describe, expect, it } from 'vitest';
import { terminalPhases } from '../../../../src-main/lane/ipc/contract';
import { createTerminalStateStore, terminalMoves } from '../../../../src-main/lane/terminal/state-store';

const store = (...path: Array<(typeof terminalPhases)[number]>) => {
  let now = 0;
  const states = createTerminalStateStore({ now: () => ++now });
  for (const phase of path) states.enter(phase);
  return states;
};

describe('the payment state machine', () => {
  it('runs a sale from idle to done, through the signature and the printer', () => {
    const states = store(
      'idle',
      'awaiting-card',
      'card-read',
      'signature',
      'authorizing',
      'approved',
      'printing',
      'done',
    );
    expect(states.current()).toMatchObject({ phase: 'done', since: 9 });
  });

  it('lets every human step go back to idle (cancel, timeout), and nothing after the authorization', () => {
    for (const step of ['awaiting-card', 'card-read', 'signature'] as const)
      expect(terminalMoves[step]).toContain('idle');
    for (const after of ['approved', 'partial', 'declined', 'retry', 'unknown', 'printing'] as const)
      expect(terminalMoves[after]).not.toContain('idle');
  });

  it('reaches an outcome only by authorizing: a lost answer resolves to one, or stays unknown', () => {
    const reachOutcome = (Object.keys(terminalMoves) as Array<keyof typeof terminalMoves>).filter((from) =>
      terminalMoves[from].includes('approved'),
    );
    expect(reachOutcome.sort()).toEqual(['authorizing', 'resolving']);
    expect(terminalMoves.resolving).toEqual(expect.arrayContaining(['approved', 'declined', 'unknown', 'done']));
    expect(terminalMoves.unknown).toEqual(['done']);
  });

  it('refuses a move the machine does not have, naming both ends, and keeps its state', () => {
    const states = store('idle', 'awaiting-card');
    expect(() => states.enter('approved')).toThrow('terminal: no move from awaiting-card to approved');
    expect(() => states.enter('printing')).toThrow(/no move from awaiting-card to printing/);
    expect(states.current().phase).toBe('awaiting-card');
  });

  it('knows every phase the contract names, and every move leads to one', () => {
    expect(Object.keys(terminalMoves).sort()).toEqual([...terminalPhases].sort());
    for (const targets of Object.values(terminalMoves))
      for (const target of targets) expect(terminalPhases).toContain(target);
  });

  it('tells its listeners each move, until they stop listening', () => {
    const states = store('idle');
    const seen: string[] = [];
    const stop = states.onChange((state) => seen.push(state.phase));
    states.enter('working');
    stop();
    states.enter('done');
    expect(seen).toEqual(['working']);
  });
});
