import { afterEach, describe, expect, it } from 'vitest';
import { pollAfterFailureMs, pollEveryMs, pollStatus, statusLine } from '../../../src-renderer/pay-page/status-line';
import { connectTrainingWallets } from '../../../src-renderer/pay-page/training-wallets';
import { fakePage, trainingPageHtml } from './page-support';

afterEach(() => {
  document.documentElement.innerHTML = '';
});

const status = () => document.getElementById('status')!;

describe('the pay page status line', () => {
  it('polls /status each second while the link waits, shows each answer, and stops at the end', async () => {
    const { page, requests, timers, settle } = fakePage(trainingPageHtml, '/pay/AAAAAAAAAAAAAAAAAAAAAA/');
    pollStatus(page, statusLine(document));
    expect(requests.map((request) => [request.url, request.init])).toEqual([
      ['/pay/AAAAAAAAAAAAAAAAAAAAAA/status', { cache: 'no-store' }],
    ]);
    requests[0]!.answer({ state: 'processing', message: 'Pagando… no cierre esta página.' });
    await settle();
    expect(status().textContent).toBe('Pagando… no cierre esta página.');
    expect(status().className).toBe('status processing');
    // Not waiting any more: the wallet buttons are gone.
    expect(document.getElementById('wallets')).toBeNull();
    expect(timers.map((timer) => timer.ms)).toEqual([pollEveryMs]);
    timers.shift()!.run();
    requests[1]!.answer({ state: 'approved', message: 'Pagado. ¡Gracias!' });
    await settle();
    expect(status().textContent).toBe('Pagado. ¡Gracias!');
    expect(status().className).toBe('status approved');
    expect(timers).toEqual([]);
  });

  it('keeps the buttons while waiting, and polls every two seconds while the service cannot be reached', async () => {
    const { page, requests, timers, settle } = fakePage(trainingPageHtml);
    pollStatus(page, statusLine(document));
    requests[0]!.answer({ state: 'waiting', message: 'Elija su billetera para pagar.' });
    await settle();
    expect(document.getElementById('wallets')).not.toBeNull();
    timers.shift()!.run();
    requests[1]!.fail();
    await settle();
    expect(timers.map((timer) => timer.ms)).toEqual([pollAfterFailureMs]);
    timers.shift()!.run();
    requests[2]!.answer('<html>not json</html>');
    await settle();
    expect(timers.map((timer) => timer.ms)).toEqual([pollAfterFailureMs]);
  });

  it('keeps polling through a 429 wait, showing its words', async () => {
    const { page, requests, timers, settle } = fakePage(trainingPageHtml);
    pollStatus(page, statusLine(document));
    requests[0]!.answer({ state: 'unknown', message: 'Try again in 5 seconds, or ask the cashier.' });
    await settle();
    expect(status().textContent).toBe('Try again in 5 seconds, or ask the cashier.');
    expect(timers.map((timer) => timer.ms)).toEqual([pollEveryMs]);
  });
});

describe('the training wallet buttons', () => {
  it('fetch the chosen wallet’s payload, post it as JSON to the link, and show the answer', async () => {
    const { page, requests, settle } = fakePage(trainingPageHtml);
    connectTrainingWallets(page, statusLine(document));
    const button = document.getElementById('training-wallet-ecv2') as HTMLButtonElement;
    button.click();
    expect(button.disabled).toBe(true);
    expect(requests.map((request) => [request.url, request.init])).toEqual([
      ['/pay/AAAAAAAAAAAAAAAAAAAAAA/training-payload?wallet=ec-v2', { method: 'POST' }],
    ]);
    requests[0]!.answer('{"kind":"ec-v2","token":"t"}');
    await settle();
    expect(requests[1]!.url).toBe('/pay/AAAAAAAAAAAAAAAAAAAAAA');
    expect(requests[1]!.init).toEqual({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"kind":"ec-v2","token":"t"}',
    });
    requests[1]!.answer({ state: 'processing', message: 'Pagando…' });
    await settle();
    expect(status().textContent).toBe('Pagando…');
    expect(document.getElementById('wallets')).toBeNull();
  });

  it('say the page’s own words when the post does not reach the service, and let the customer try again', async () => {
    const { page, requests, settle } = fakePage(trainingPageHtml);
    connectTrainingWallets(page, statusLine(document));
    const button = document.getElementById('training-wallet') as HTMLButtonElement;
    button.click();
    requests[0]!.fail();
    await settle();
    expect(status().textContent).toBe('No se pudo enviar el pago: inténtelo de nuevo.');
    expect(button.disabled).toBe(false);
  });
});
