import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSummary, StaffSession } from '../../../../src-main/lane/ipc/contract';
import { achConsentWords } from '../../../../src-main/lane/ipc/tenders';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';
import { managerNeeded } from '../../support/stub-pos';

afterEach(cleanup);

const manager: StaffSession = { cashierId: '9001', name: 'Manager', role: 'manager', since: 0 };

const callsOf = (calls: Array<[string, unknown]>, name: string) =>
  calls.filter(([called]) => called === name).map(([, args]) => args);

const answered = (change: Partial<SaleSummary>): SaleSummary => ({ ...approvedSale, receiptPng: null, ...change });

const click = async (testId: string) => act(async () => void fireEvent.click(screen.getByTestId(testId)));
const type = async (testId: string, value: string) =>
  act(async () => void fireEvent.change(screen.getByTestId(testId), { target: { value } }));

/** The counter with $42.00 keyed and the Other tenders panel open. */
async function otherTenders(data: Parameters<typeof renderCounter>[0] = {}) {
  const rendered = await renderCounter(data);
  await pressKeys('4', '2', '0', '0');
  await click('pay-other');
  expect(screen.getByRole('dialog', { name: 'Other tenders: $42.00' })).toBeTruthy();
  return rendered;
}

describe('the tender bar\u2019s Other tenders', () => {
  it('asks for the amount first, as cash and split do', async () => {
    await renderCounter();
    await click('pay-other');
    expect(screen.queryByTestId('other-tenders')).toBeNull();
    expect(screen.getByTestId('sale-error').textContent).toBe('Key the amount first, or add items to the cart.');
  });

  it('Authorize only runs terminal.sale with tender authorize and says it is not captured', async () => {
    const { calls } = await otherTenders({
      answers: { 'terminal.sale': () => answered({ tender: 'authorize', requestedMinor: 4200, approvedMinor: 4200 }) },
    });
    await click('other-authorize');
    expect(callsOf(calls, 'terminal.sale')).toEqual([{ amountMinor: 4200, tender: 'authorize' }]);
    expect(screen.queryByTestId('other-tenders')).toBeNull();
    expect(screen.getByTestId('sale-next').textContent).toMatch(
      /^Authorized, not captured: capture it from Authorizations/,
    );
  });

  it('Escape closes the panel, and goes back from a form to the choices first', async () => {
    await otherTenders();
    await click('other-ach');
    expect(screen.getByTestId('check-form')).toBeTruthy();
    await pressKeys('Escape');
    expect(screen.getByTestId('other-authorize')).toBeTruthy();
    await pressKeys('Escape');
    expect(screen.queryByTestId('other-tenders')).toBeNull();
  });
});

describe('a forced sale', () => {
  it('takes the voice authorization code (letters and digits, at most 6) and sends it with the card read', async () => {
    const { calls } = await otherTenders({
      session: manager,
      answers: {
        'terminal.sale': () =>
          answered({ tender: 'forced-sale', requestedMinor: 4200, approvedMinor: 4200, authcode: 'VC4821' }),
      },
    });
    await click('other-forced');
    // A manager signed in is asked no PIN.
    expect(screen.queryByTestId('forced-manager-pin')).toBeNull();
    await click('forced-submit');
    expect(screen.getByTestId('forced-problem').textContent).toMatch(/^Voice authorization code: key the 1 to 6/);
    expect(callsOf(calls, 'terminal.sale')).toEqual([]);
    await type('forced-authcode', 'vc-4821x');
    expect((screen.getByTestId('forced-authcode') as HTMLInputElement).value).toBe('vc4821x');
    await type('forced-authcode', 'vc4821');
    await click('forced-submit');
    expect(callsOf(calls, 'terminal.sale')).toEqual([
      { amountMinor: 4200, tender: 'forced-sale', voiceAuthcode: 'VC4821' },
    ]);
    expect(screen.getByTestId('sale-next').textContent).toBe(
      'Forced sale \u2014 voice authorization VC4821: captured. It cannot be voided; a refund is the way back. Hand over the goods and the customer\u2019s copy.',
    );
  });

  it('asks a cashier for a manager\u2019s PIN, sends it with the keyed card, and shows a refusal in words', async () => {
    const { calls } = await otherTenders({
      answers: {
        'terminal.sale': () => {
          throw managerNeeded('make a forced sale');
        },
      },
    });
    await click('other-forced');
    await type('forced-authcode', '123456');
    await click('forced-submit');
    expect(screen.getByTestId('forced-problem').textContent).toMatch(/^Manager PIN: a forced sale is a manager/);
    await type('forced-manager-pin', '99x99');
    await click('forced-keyed');
    await click('forced-submit');
    expect(callsOf(calls, 'terminal.sale')).toEqual([
      { amountMinor: 4200, tender: 'forced-sale', entry: 'keyed', voiceAuthcode: '123456', managerPin: '9999' },
    ]);
    expect(screen.getByTestId('sale-error').textContent).toBe(
      'A manager approves this: make a forced sale needs a manager\u2019s PIN.',
    );
  });
});

describe('a check (ACH)', () => {
  it('checks the routing number\u2019s check digit as it is keyed and names the problem', async () => {
    const { calls } = await otherTenders();
    await click('other-ach');
    expect(screen.getByTestId('ach-consent').textContent).toBe(achConsentWords);
    await type('ach-routing', '036001809');
    expect(screen.getByTestId('ach-routing-check').textContent).toMatch(/check digit does not match/);
    expect(screen.getByTestId('ach-routing').getAttribute('aria-invalid')).toBe('true');
    await type('ach-account', '1234567890');
    await type('ach-name', 'Pat Doe');
    await click('ach-agreed');
    await click('ach-submit');
    expect(screen.getByTestId('ach-problem').textContent).toBe(
      'Routing number: 036001809 is not a routing (ABA) number: its check digit does not match. Check the number at the bottom left of the check.',
    );
    expect(callsOf(calls, 'terminal.achSale')).toEqual([]);
    await type('ach-routing', '036001808');
    expect(screen.getByTestId('ach-routing-check').textContent).toBe('Check digit matches');
  });

  it('needs the customer\u2019s agreement, then sends the check through terminal.achSale', async () => {
    const { calls } = await otherTenders({
      answers: {
        'terminal.achSale': () =>
          answered({
            tender: 'ach',
            requestedMinor: 4200,
            approvedMinor: 4200,
            maskedPan: '****7890',
            entryMode: 'ach',
          }),
      },
    });
    await click('other-ach');
    await type('ach-routing', '011401533');
    await type('ach-account', '1234567890');
    await click('ach-savings');
    await type('ach-name', 'Pat Doe');
    await click('ach-submit');
    expect(screen.getByTestId('ach-problem').textContent).toBe(
      'The customer must agree to the debit authorization before the check is taken.',
    );
    await click('ach-agreed');
    await click('ach-submit');
    expect(callsOf(calls, 'terminal.achSale')).toEqual([
      { amountMinor: 4200, routing: '011401533', account: '1234567890', accountType: 'savings', name: 'Pat Doe' },
    ]);
    expect(screen.getByTestId('sale-next').textContent).toMatch(/^Check approved: have the customer sign/);
  });
});
