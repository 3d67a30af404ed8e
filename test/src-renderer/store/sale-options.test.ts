import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../src-main/lane/ipc/contract';
import { cardOnTerminalIn, counterTipsIn } from '../../../src-renderer/store/sale-options';

const viewWith = (values: Record<string, unknown>) => ({ values }) as unknown as SettingsView;

describe('the counter’s tip entry', () => {
  it('is offered when the merchant takes tips on the lane’s own reader, and left to an integrated terminal', () => {
    expect(counterTipsIn(viewWith({ 'payments.tips': true, 'payments.device': 'reader' }))).toBe(true);
    expect(counterTipsIn(viewWith({ 'payments.tips': true, 'payments.device': 'integrated-terminal' }))).toBe(false);
    expect(counterTipsIn(viewWith({ 'payments.tips': false, 'payments.device': 'reader' }))).toBe(false);
  });

  it('says the card is read on the terminal only when the lane takes cards on an integrated terminal', () => {
    expect(cardOnTerminalIn(viewWith({ 'payments.device': 'integrated-terminal' }))).toBe(true);
    expect(cardOnTerminalIn(viewWith({ 'payments.device': 'reader' }))).toBe(false);
  });
});
