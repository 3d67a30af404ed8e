import type { PayPageWindow } from '../../../src-renderer/pay-page/page-window';

/** One request the page made, and the answer the test gives it. */
export interface PageRequest {
  readonly url: string;
  readonly init: RequestInit | undefined;
  answer(body: unknown): void;
  fail(): void;
}

/**
 * A pay page in jsdom: `html` as the service would draw it, a fake service that records each
 * request for the test to answer, and timers the test runs by hand.
 */
export function fakePage(html: string, path = '/pay/AAAAAAAAAAAAAAAAAAAAAA') {
  document.documentElement.innerHTML = html;
  const requests: PageRequest[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const page: PayPageWindow = {
    document,
    path,
    fetch: (url, init) =>
      new Promise<Response>((resolve, reject) => {
        requests.push({
          url,
          init,
          answer: (body) => resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body))),
          fail: () => reject(new TypeError('Failed to fetch')),
        });
      }),
    later: (run, ms) => {
      timers.push({ run, ms });
    },
  };
  /** Lets the page's promises settle (no time passes). */
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return { page, requests, timers, settle };
}

/** The markup page.ts draws for a waiting training link (ids and attributes from pay-page-parts.ts). */
export const trainingPageHtml = `<head></head><body><main data-unsent="No se pudo enviar el pago: inténtelo de nuevo.">
<p id="status" class="status waiting">Elija su billetera para pagar.</p>
<div id="wallets"><button type="button" id="training-wallet" class="wallet" data-wallet="ec-v1">Pagar</button><button type="button" id="training-wallet-ecv2" class="wallet" data-wallet="ec-v2">Pagar ECv2</button></div>
</main></body>`;

/** The markup of a waiting live link; `google`: the wallet button's settings, none when not offered. */
export const livePageHtml = (google?: object) => `<head></head><body><main data-unsent="Not sent">
<p id="status" class="status waiting">Choose your wallet to pay.</p>
<div id="wallets"${google ? ` data-google='${JSON.stringify(google)}'` : ''} data-no-wallet="No wallet here" data-wallet-failed="The wallet did not pay" data-tap-to-pay="Tap to pay"><p id="wallet-note" class="note">Looking…</p></div>
</main></body>`;
