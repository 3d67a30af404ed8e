import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';
import { StubRefusal, type StubAnswer } from '../../support/stub-pos';
import type { CommandName } from '../../../../src-main/lane/ipc/contract';

afterEach(cleanup);

const queued = () => ({ id: 1, queuedAt: 0 });

/** An approved $12.50 sale on the counter, its result showing. */
async function afterApprovedSale(answers: Partial<Record<CommandName, StubAnswer>> = {}) {
  const rendered = await renderCounter({ answers: { 'terminal.sale': () => approvedSale, ...answers } });
  await pressKeys('1', '2', '5', '0', 'Enter');
  expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
  return rendered;
}

async function typeAndSend(label: RegExp, text: string) {
  const field = screen.getByLabelText(label);
  await act(async () => void fireEvent.change(field, { target: { value: text } }));
  await act(async () => void fireEvent.submit(field.closest('form')!));
}

describe('the counter emails or texts a receipt after a sale', () => {
  it('queues an email for the order and says so with the address masked', async () => {
    const { calls } = await afterApprovedSale({ 'receipts.email': queued });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Email receipt' })));
    // The field has the focus: the sale screen's keys (a digit starts the next sale) stay quiet.
    expect(document.activeElement).toBe(screen.getByLabelText(/email address/));
    await pressKeys('7', 'p');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    expect(calls.filter(([name]) => name === 'terminal.reprint')).toHaveLength(0);
    await typeAndSend(/email address/, ' jane@example.com ');
    expect(calls.filter(([name]) => name === 'receipts.email').map(([, args]) => args)).toEqual([
      { orderId: approvedSale.orderId, address: 'jane@example.com' },
    ]);
    expect(screen.getByTestId('receipt-send').textContent).toBe(
      'Receipt queued for j\u2022\u2022\u2022\u2022@example.com',
    );
    expect(document.body.textContent).not.toContain('jane@');
  });

  it('refuses a malformed address on the page, naming what is wrong, and sends nothing', async () => {
    const { calls } = await afterApprovedSale({ 'receipts.email': queued });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Email receipt' })));
    await typeAndSend(/email address/, 'jane.example.com');
    expect(screen.getByRole('alert').textContent).toBe('That is not an email address: it has no @.');
    expect(screen.getByLabelText(/email address/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter(([name]) => name.startsWith('receipts.'))).toEqual([]);
  });

  it('texts a 10-digit number as E.164 and shows it masked', async () => {
    const { calls } = await afterApprovedSale({ 'receipts.sms': queued });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Text receipt' })));
    await typeAndSend(/mobile number/, '(555) 234-5678');
    expect(calls.filter(([name]) => name === 'receipts.sms').map(([, args]) => args)).toEqual([
      { orderId: approvedSale.orderId, phone: '+15552345678' },
    ]);
    expect(screen.getByTestId('receipt-send').textContent).toBe(
      'Receipt queued for +1\u2022\u2022\u2022\u2022\u2022\u20225678',
    );
  });

  it('refuses a phone number of the wrong length on the page', async () => {
    const { calls } = await afterApprovedSale({ 'receipts.sms': queued });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Text receipt' })));
    await typeAndSend(/mobile number/, '234-5678');
    expect(screen.getByRole('alert').textContent).toMatch(/^That phone number cannot take a text .*: it has 7 digits/);
    expect(calls.filter(([name]) => name.startsWith('receipts.'))).toEqual([]);
  });

  it('shows the main process\u2019s refusal in its words', async () => {
    const off = 'Emailed receipts are off: no mail server is set (receiptMail.host in the settings).';
    await afterApprovedSale({
      'receipts.email': () => {
        throw new StubRefusal({ code: 'failed_precondition', message: off });
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Email receipt' })));
    await typeAndSend(/email address/, 'jane@example.com');
    expect(screen.getByRole('alert').textContent).toBe(`Not queued: ${off}`);
  });

  it('offers no email or text for a declined sale', async () => {
    await renderCounter({
      answers: {
        'terminal.sale': () => ({
          ...approvedSale,
          outcome: 'declined',
          approvedMinor: 0,
          authcode: null,
          receiptPng: null,
        }),
      },
    });
    await pressKeys('1', '2', '5', '0', 'Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Declined');
    expect(screen.queryByRole('button', { name: 'Email receipt' })).toBeNull();
  });
});
