import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { TrainingTerminalView } from '../../../../src-main/lane/ipc/contract';
import { ok, testCore } from '../../../support/test-core';
import { until } from '../../../support/until';

/**
 * The training terminal through the lane's commands and events, as the training panel reaches
 * it: the screen command, the trainee's actions, the screen event, and a PIN that never reaches
 * the log. The sale path is not here: the test starts the terminal as the lane's sale does.
 */
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

const onTerminal = {
  payments: { device: 'integrated-terminal' },
  integratedTerminal: { baseUrl: 'http://127.0.0.1:9', merchantId: '', hsn: 'TRAIN0001' },
} as const;

function lane(settings: Record<string, unknown>) {
  const made = testCore(settings as never);
  cores.push(made.core);
  return made;
}

describe('training terminal commands', () => {
  it('a lane on its own reader has no terminal: the screen is null and actions are refused', async () => {
    const { core } = lane({});
    expect(ok(await core.dispatch('training.terminalScreen', {}))).toBeNull();
    const reply = await core.dispatch('training.terminalAction', { action: 'cancel' });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', message: expect.stringMatching(/own reader/) },
    });
  });

  it('outside training the terminal is not the trainee’s to act on', async () => {
    const { core } = lane({ ...onTerminal, training: false, mode: 'counter' });
    const reply = await core.dispatch('training.terminalAction', { action: 'cancel' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'failed_precondition' } });
  });

  it('draws the screen once started, emits each change, and acts; a PIN is refused or taken without being logged', async () => {
    const { core, lines } = lane(onTerminal);
    expect(ok(await core.dispatch('training.terminalScreen', {}))).toBeNull();
    const seen: TrainingTerminalView[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'training.terminalScreen') seen.push(payload as TrainingTerminalView);
    });
    const connection = await core.trainingTerminal!.connection(core.settings.merchantId || '496160873888');
    const screen = ok(await core.dispatch('training.terminalScreen', {}));
    expect(screen).toMatchObject({ hsn: connection.hsn, connected: true, prompt: { kind: 'none' } });

    // Not asking for a PIN: refused in words, and the PIN is in neither the reply nor the log.
    const refused = await core.dispatch('training.terminalAction', { action: 'pin', pin: '97531' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', message: 'The terminal is not asking for a PIN: it waits for nothing.' },
    });
    expect(JSON.stringify(refused)).not.toContain('97531');
    // A PIN of the wrong form is refused by the contract, naming the field, not the value.
    const malformed = await core.dispatch('training.terminalAction', { action: 'pin', pin: '97a31' });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'pin' } });
    expect(JSON.stringify(malformed)).not.toContain('97a31');

    // A PIN the terminal asks for, over the Terminal API as the lane's client sends it.
    const headers = { 'Content-Type': 'application/json', Authorization: connection.apiKey };
    const connect = await fetch(`${connection.baseUrl}/api/v2/connect`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ merchantId: connection.merchantId, hsn: connection.hsn }),
    });
    const session = connect.headers.get('X-CardConnect-SessionKey')!.split(';')[0]!;
    const read = fetch(`${connection.baseUrl}/api/v2/readCard`, {
      method: 'POST',
      headers: { ...headers, 'X-CardConnect-SessionKey': session },
      body: JSON.stringify({
        merchantId: connection.merchantId,
        hsn: connection.hsn,
        amount: '1200',
        confirmAmount: 'false',
        includeSignature: 'false',
      }),
    });
    await until(() => seen.at(-1)?.prompt.kind === 'card', 'the card prompt reaches the event');
    ok(
      await core.dispatch('training.terminalAction', { action: 'present', cardId: 'mastercard-pin', method: 'insert' }),
    );
    await until(() => seen.at(-1)?.prompt.kind === 'pin', 'the PIN prompt reaches the event');
    const after = ok(
      await core.dispatch('training.terminalAction', { action: 'pin', pin: '97531' }),
    ) as TrainingTerminalView;
    expect(after.prompt.kind).not.toBe('pin');
    expect((await read).status).toBe(200);
    await until(() => seen.at(-1)?.command === null, 'the command ends');

    expect(lines.join('\n')).not.toContain('97531');
    expect(JSON.stringify(seen)).not.toContain('97531');
  });

  it('the core’s shutdown stops the terminal service', async () => {
    const { core } = lane(onTerminal);
    const { baseUrl } = await core.trainingTerminal!.connection('496160873888');
    await core.close();
    cores.splice(0);
    await expect(fetch(`${baseUrl}/api/v2/connect`, { method: 'POST' })).rejects.toThrow();
  });
});
