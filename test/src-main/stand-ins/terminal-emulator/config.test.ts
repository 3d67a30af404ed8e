import { describe, expect, it } from 'vitest';
import {
  terminalEmulatorConfigSchema,
  trainingTerminalConfig,
} from '../../../../src-main/stand-ins/terminal-emulator/config';
import { startTerminalEmulator } from '../../../../src-main/stand-ins/terminal-emulator/server';
import { ManualClock } from '../../../support/manual-clock';

const gateway = {
  restUrl: 'http://127.0.0.1:9/cardconnect/rest',
  tokenizeUrl: 'http://127.0.0.1:9/cardsecure/api/v1/ccn/tokenize',
  username: 'testing',
  password: 'testing123',
};

describe('the terminal emulator’s configuration', () => {
  it('training’s setup starts, its terminals listed for their merchant under the training key', async () => {
    const emulator = await startTerminalEmulator({ config: trainingTerminalConfig(gateway), clock: new ManualClock() });
    try {
      const response = await fetch(`${emulator.url}/api/v2/listTerminals`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'training-terminal-api-key' },
        body: JSON.stringify({ merchantId: '496160873888' }),
      });
      expect(await response.json()).toEqual({ terminals: ['15225SC90709732', 'C042UQ93160289'] });
      expect(emulator.terminal('C042UQ93160289').model).toBe('clover');
      expect(() => emulator.terminal('NOPE')).toThrow(/No terminal with HSN NOPE/);
    } finally {
      await emulator.close();
    }
  });

  it('refuses a terminal of an unknown merchant and an HSN listed twice, naming them', () => {
    const config = trainingTerminalConfig(gateway);
    const result = terminalEmulatorConfigSchema.safeParse({
      ...config,
      terminals: [
        ...config.terminals,
        { hsn: '15225SC90709732', merchantId: '496160873888', deviceType: 'Lane/3000' },
        { hsn: 'X1', merchantId: '999', deviceType: 'Flex' },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('HSN 15225SC90709732 is listed twice');
    expect(messages).toContain('terminal X1 names merchant 999, which is not configured');
  });
});
