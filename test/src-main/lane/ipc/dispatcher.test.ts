import { describe, expect, it, vi } from 'vitest';
import { commandNames, commands } from '../../../../src-main/lane/ipc/contract';
import { createDispatcher, type CommandHandlers } from '../../../../src-main/lane/ipc/dispatcher';
import { LaneError } from '../../../../src-main/lane/errors';
import { JournalError } from '../../../../src-main/lane/journal/journal';
import { collectingLogger, testCore } from '../../../support/test-core';

function spyHandlers(overrides: Partial<CommandHandlers> = {}) {
  const { core } = testCore();
  const handlers = {
    'app.info': vi.fn(() => core.info()),
    'devices.list': vi.fn(() => []),
    'terminal.state': vi.fn(() => core.terminal.current()),
    ...overrides,
  };
  return handlers;
}

describe('createDispatcher', () => {
  it('passes validated arguments to the handler and returns its result', async () => {
    const handlers = spyHandlers();
    const dispatch = createDispatcher(handlers as CommandHandlers, collectingLogger().logger);
    const reply = await dispatch('devices.list', { kind: 'printer' });
    expect(reply).toEqual({ ok: true, result: [] });
    // From inside the main process when no transport names the caller.
    expect(handlers['devices.list']).toHaveBeenCalledWith({ kind: 'printer' }, { source: 'local' });
    await dispatch('devices.list', {}, { source: 'bridge:4' });
    expect(handlers['devices.list']).toHaveBeenLastCalledWith({}, { source: 'bridge:4' });
  });

  it('treats missing arguments as an empty object', async () => {
    const handlers = spyHandlers();
    const dispatch = createDispatcher(handlers as CommandHandlers, collectingLogger().logger);
    expect((await dispatch('app.info', undefined)).ok).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['devices.list', { kind: 'toaster' }, 'kind'],
    ['devices.list', { kind: 7 }, 'kind'],
    ['devices.list', { kinds: 'printer' }, 'kinds'],
    ['app.info', { verbose: true }, 'verbose'],
    ['app.info', 'not an object', '(arguments)'],
    ['devices.list', [], '(arguments)'],
  ])('rejects %s %j naming %s, without calling the handler', async (name, args, field) => {
    const handlers = spyHandlers();
    const dispatch = createDispatcher(handlers as CommandHandlers, collectingLogger().logger);
    const reply = await dispatch(name, args);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('invalid_argument');
    expect(reply.error.field).toBe(field);
    expect(reply.error.message).toContain(name);
    expect(reply.error.message).toContain(field);
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it.each([['till.open'], ['__proto__'], ['constructor'], [42], [null]])('refuses unknown command %j', async (name) => {
    const dispatch = createDispatcher(spyHandlers() as CommandHandlers, collectingLogger().logger);
    const reply = await dispatch(name, {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
  });

  it("answers a LaneError with its kind's reply code and its field", async () => {
    const dispatch = createDispatcher(
      spyHandlers({
        'devices.list': () => {
          throw new LaneError('refused', 'The reader is busy', 'kind');
        },
      }) as CommandHandlers,
      collectingLogger().logger,
    );
    expect(await dispatch('devices.list', {})).toEqual({
      ok: false,
      error: { code: 'failed_precondition', message: 'The reader is busy', field: 'kind' },
    });
  });

  it('maps every kind of core error through one table, a journal that cannot open included', async () => {
    const cases: Array<[Error, string]> = [
      [new LaneError('invalid', 'bad'), 'invalid_argument'],
      [new LaneError('forbidden', 'no'), 'forbidden'],
      [new LaneError('refused', 'not now'), 'failed_precondition'],
      [new LaneError('throttled', 'later'), 'resource_exhausted'],
      [
        new JournalError('journal: /lane/journal.sqlite: unable to open database file', { kind: 'write' }),
        'failed_precondition',
      ],
    ];
    for (const [error, code] of cases) {
      const dispatch = createDispatcher(
        spyHandlers({
          'devices.list': () => {
            throw error;
          },
        }) as CommandHandlers,
        collectingLogger().logger,
      );
      const reply = await dispatch('devices.list', {});
      expect(reply).toMatchObject({ ok: false, error: { code, message: expect.stringContaining(error.message) } });
    }
  });

  it('hides an unexpected fault behind a log reference and logs it redacted', async () => {
    const { logger, lines } = collectingLogger();
    const dispatch = createDispatcher(
      spyHandlers({
        'app.info': () => {
          throw new Error('driver crashed reading 4788250000121443');
        },
      }) as CommandHandlers,
      logger,
    );
    const reply = await dispatch('app.info', {});
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('internal');
    expect(reply.error.message).not.toContain('4788');
    expect(reply.error.ref).toMatch(/^[0-9a-f]{8}$/);
    const logged = lines.join('\n');
    expect(logged).toContain(reply.error.ref);
    expect(logged).not.toContain('4788250000121443');
  });
});

describe('the contract', () => {
  it('declares every command with a summary and a zod schema', () => {
    expect(commandNames).toEqual(expect.arrayContaining(['app.info', 'devices.list', 'terminal.state']));
    for (const name of commandNames) {
      expect(commands[name].summary.length).toBeGreaterThan(10);
      expect(typeof commands[name].args.safeParse).toBe('function');
    }
  });

  it('names commands namespace.action so named actions can be derived', () => {
    // A namespace is one word or one camel-cased name (customerDisplay), then the action.
    for (const name of commandNames) expect(name).toMatch(/^[a-z][a-zA-Z]*\.[a-zA-Z]+$/);
  });
});
