import { endedStates, payPageIds, type PayLinkState } from '../../src-main/lane/wallet/pay-link/pay-page-parts';
import { linkBase, type PayPageWindow } from './page-window';

/**
 * The page's status line, kept to the link's state: a poll of `/status` each second until the
 * link ends (every two seconds while the service cannot be reached).
 */

/** What the service answers about a link: its status, or `unknown` with words (a 429's wait). */
export interface ShownStatus {
  readonly state: PayLinkState | 'unknown';
  readonly message: string;
}

export const pollEveryMs = 1000;
export const pollAfterFailureMs = 2000;

/** The status line and the wallet buttons, which go once the link stops waiting. */
export interface StatusLine {
  show(status: ShownStatus): void;
  /** Words in place of the status (the page's own, not the service's). */
  say(words: string): void;
}

/** The page's status line; throws where the page has none (not a pay page of a known link). */
export function statusLine(document: Document): StatusLine {
  const line = document.getElementById(payPageIds.status);
  if (!line) throw new Error(`The pay page has no #${payPageIds.status}.`);
  const wallets = document.getElementById(payPageIds.wallets);
  return {
    show(status) {
      line.textContent = status.message;
      line.className = `status ${status.state}`;
      if (status.state !== 'waiting') wallets?.remove();
    },
    say(words) {
      line.textContent = words;
    },
  };
}

/** Polls the link's status into `line` until the link ends. */
export function pollStatus(page: PayPageWindow, line: StatusLine): void {
  const url = `${linkBase(page.path)}/status`;
  const poll = async () => {
    try {
      const answer = await page.fetch(url, { cache: 'no-store' });
      const status = (await answer.json()) as ShownStatus;
      line.show(status);
      if (!(endedStates as readonly string[]).includes(status.state)) page.later(poll, pollEveryMs);
    } catch {
      page.later(poll, pollAfterFailureMs);
    }
  };
  void poll();
}
