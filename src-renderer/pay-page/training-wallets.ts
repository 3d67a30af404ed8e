import { trainingWalletAttribute, unsentAttribute } from '../../src-main/lane/wallet/pay-link/pay-page-parts';
import { linkBase, type PayPageWindow } from './page-window';
import type { ShownStatus, StatusLine } from './status-line';

/**
 * Training's wallet buttons: each fetches a payload from the training wallet (EC_v1 or ECv2) and
 * posts it to the link as a phone's wallet would. A post that does not reach the service says so
 * in the page's language and lets the customer try again.
 */
export function connectTrainingWallets(page: PayPageWindow, line: StatusLine): void {
  const base = linkBase(page.path);
  const unsent = page.document.querySelector('main')?.getAttribute(unsentAttribute) ?? '';
  const buttons = page.document.querySelectorAll<HTMLButtonElement>(`button[${trainingWalletAttribute}]`);
  for (const button of Array.from(buttons)) {
    button.addEventListener('click', () => {
      button.disabled = true;
      const wallet = button.getAttribute(trainingWalletAttribute) ?? '';
      const pay = async () => {
        const payload = await page.fetch(`${base}/training-payload?wallet=${wallet}`, { method: 'POST' });
        const answer = await page.fetch(base, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: await payload.text(),
        });
        line.show((await answer.json()) as ShownStatus);
      };
      pay().catch(() => {
        line.say(unsent);
        button.disabled = false;
      });
    });
  }
}
