import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import type { Core } from '../../src-main/lane/core/core';
import { answerWindowMs } from '../../src-main/lane/gateway/recovery';
import type { TerminalState } from '../../src-main/lane/ipc/contract';
import { emulatorAdmin } from '../support/emulator-admin';
import { e2e, screenshot } from './support/browser-mode';
import { laneOnEmulator } from './support/emulator-lane';
import { crashBench, crashMidAuthorization } from './support/crash-bench';
import { look, signIn, startSale, withSignedIn } from './support/counter';

/**
 * The main process owns the sale (issue 16, item 4), tells what recovery settled unseen (item 5),
 * and shows what it recovered after a crash to the next person who signs in (issue 22, item 2).
 */
const merchid = '496160873888';
const bench = crashBench('crash-child-e2e');

const progressAmount = (page: Page) => page.getByTestId('progress-amount').innerText();

describe('a screen that connects mid-sale', () => {
  e2e(
    'a reload during the card wait shows the waiting sale with its amount, a second page sees it too, and either cancels it',
    (chromium) =>
      withSignedIn(chromium, {}, async ({ page, host, browser }) => {
        await startSale(page, '42.75');
        await page.reload();
        await page.getByText('Insert, tap or swipe the card').waitFor();
        expect(await progressAmount(page)).toBe('$42.75');
        await look(page, 'sale-state-reload-card-wait');
        const second = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await second.goto(host.url);
        await second.getByText('Insert, tap or swipe the card').waitFor();
        expect(await progressAmount(second)).toBe('$42.75');
        await screenshot(second, 'sale-state-second-page-card-wait');
        await second.getByRole('button', { name: /Cancel/ }).click();
        await page.getByText('The sale was canceled.').waitFor();
        await second.getByText('The sale was canceled.').waitFor();
        expect(await page.getByTestId('sale-amount').innerText()).toBe('$0.00');
        await look(page, 'sale-state-canceled-from-second-page');
      }),
  );

  e2e('keyed entry nobody finishes ends with the card wait, saying so', (chromium) =>
    withSignedIn(chromium, { settings: { payments: { cardTimeoutSeconds: 1 } } }, async ({ page }) => {
      for (const digit of '990') await page.keyboard.press(digit);
      await page.keyboard.press('k');
      await page.getByText('Key the card').waitFor();
      await page.keyboard.press('4');
      await page.getByText('No card was keyed in time: start the sale again.').waitFor({ timeout: 10_000 });
      await look(page, 'sale-state-keyed-timeout');
    }),
  );

  e2e('the balance owed after a partial approval survives a reload', (chromium) =>
    withSignedIn(chromium, {}, async ({ page, core }) => {
      await startSale(page, '8.00');
      await core.cardReaders.presentTestCard({ cardId: 'visa-partial', method: 'insert' });
      await page.getByTestId('tender-rest').waitFor();
      await page.reload();
      await page.getByTestId('tender-rest').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Partially approved');
      expect(await page.getByTestId('tender-rest').innerText()).toContain('Take the remaining $3.00');
      expect(await page.getByTestId('new-sale').count()).toBe(0);
      await look(page, 'sale-state-partial-after-reload');
    }),
  );
});

/** A lane on this file's emulator with its journal in `journalPath`, background checks run by hand, served to Chromium. */
const laneOn = (chromium: string, journalPath: string, clock?: Clock, terminalId?: string) =>
  laneOnEmulator(chromium, {
    emulatorUrl: bench.emulator.url,
    merchid,
    journalPath,
    ...(clock ? { clock } : {}),
    ...(terminalId ? { terminalId } : {}),
  });

const newJournal = () => join(mkdtempSync(join(tmpdir(), 'sale-state-')), 'journal.sqlite');

async function lostSale(core: Core, page: Page, amount: string, fault: 'drop-after' | 'drop-before') {
  const admin = emulatorAdmin(bench.emulator.url);
  await admin.fault('auth', fault);
  await admin.fault('inquireByOrderid', 'http-500', 'always');
  await admin.fault('voidByOrderId', 'http-500', 'always');
  await startSale(page, amount);
  await core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
  await page.getByText('Outcome being checked').waitFor({ timeout: 20_000 });
}

describe('an unknown outcome settled in the background', () => {
  for (const [fault, headline, name] of [
    ['drop-after', /^Approved: reference \d+, hand over the goods\.$/, 'approved'],
    ['drop-before', /^Not charged: collect payment again\.$/, 'not-charged'],
  ] as const) {
    e2e(
      `says what it became (${name}), keeps it in History, and the main button was never New sale`,
      async (chromium) => {
        let skew = 0;
        const lane = await laneOn(chromium, newJournal(), { ...systemClock, now: () => Date.now() + skew });
        try {
          const { page, core } = lane;
          await page.goto(lane.host.url);
          await signIn(page);
          await lostSale(core, page, '18.00', fault);
          expect(await page.getByTestId('check-now').getAttribute('class')).toBe('primary');
          expect(await page.getByTestId('new-sale').getAttribute('class')).not.toBe('primary');
          await look(page, `sale-state-unknown-${name}`);
          await emulatorAdmin(bench.emulator.url).clearFaults();
          // The check comes after the gateway's answer window: a "not found" is final then (ADR 028).
          skew += answerWindowMs;
          lane.timers.shift()!();
          await expect.poll(() => page.getByTestId('sale-headline').innerText(), { timeout: 10_000 }).toMatch(headline);
          await look(page, `sale-state-settled-${name}`);
          if (name === 'approved') {
            await page.getByTestId('print-settled').click();
            await page.getByText('The receipt printed: both copies.').waitFor();
          }
          await page.getByTestId('new-sale').click();
          await page.getByTestId('nav-history').click();
          await page
            .getByText(/18\.00/)
            .first()
            .waitFor();
          await screenshot(page, `sale-state-history-${name}`);
          const history = await core.dispatch('terminal.history', {});
          expect(history).toMatchObject({
            ok: true,
            result: [expect.objectContaining({ state: 'resolved', amountMinor: 1800 })],
          });
        } finally {
          await emulatorAdmin(bench.emulator.url).clearFaults();
          await lane.close();
        }
      },
    );
  }
});

describe('a lost answer the gateway has as a partial approval', () => {
  e2e('shows partially approved, the balance due and the reference, as a live answer would', async (chromium) => {
    const lane = await laneOn(chromium, newJournal());
    try {
      const { page, core } = lane;
      await page.goto(lane.host.url);
      await signIn(page);
      // The gateway approves 5.00 of 29.50 and the connection drops before its answer: the lane asks by order id.
      await emulatorAdmin(bench.emulator.url).fault('auth', 'drop-after');
      await startSale(page, '29.50');
      await core.cardReaders.presentTestCard({ cardId: 'visa-partial', method: 'insert' });
      await page.getByTestId('tender-rest').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Partially approved');
      expect(await page.getByTestId('sale-result').innerText()).toContain('$5.00 of $29.50');
      expect(await page.getByTestId('tender-rest').innerText()).toContain('Take the remaining $24.50');
      const state = (await core.dispatch('terminal.state', {})) as { ok: true; result: TerminalState };
      const orderId = state.result.sale?.results.at(-1)?.orderId ?? '';
      const [held] = bench.emulator.context.ledger.byOrderId(orderId);
      expect(held).toMatchObject({ respstat: 'A', amount: 500 });
      expect(await page.getByTestId('retref').innerText()).toBe(held?.retref);
      await look(page, 'sale-state-lost-answer-found-partial');
      // The slip says what the screen says: requested, approved, the balance due, and the reference.
      const lastPage = await core.dispatch('printers.lastPage', {});
      const slip = lastPage.ok ? (lastPage.result as { lines: string[] }).lines.join('\n') : '';
      expect(slip).toMatch(/Balance due\s+\$24\.50/);
      expect(slip).toContain(held?.retref);
      const history = await core.dispatch('terminal.history', {});
      expect(history).toMatchObject({
        ok: true,
        result: [expect.objectContaining({ orderId, state: 'resolved', amountMinor: 2950 })],
      });
    } finally {
      await emulatorAdmin(bench.emulator.url).clearFaults();
      await lane.close();
    }
  });
});

describe('a restart after a crash mid-authorization', () => {
  e2e(
    'the next person who signs in sees what recovery found until they acknowledge it, and its receipt prints',
    async (chromium) => {
      const journalPath = newJournal();
      // A lane of its own on this file's shared emulator: a fresh journal numbers its first order by
      // the second of the day, so another test's lane started in the same second would have
      // sold under the same order id, and recovery would find that sale instead of this one.
      const orderId = await crashMidAuthorization(bench, journalPath, 'LANE-09');
      const lane = await laneOn(chromium, journalPath, undefined, 'LANE-09');
      try {
        const { page, core } = lane;
        await page.goto(lane.host.url);
        await page.getByTestId('sign-in-findings').waitFor();
        await look(page, 'sale-state-restart-sign-in');
        await page.getByRole('button', { name: /^Trainee \(/ }).click();
        await page.keyboard.press('Enter');
        const notice = page.getByTestId('recovery-findings');
        await notice.waitFor();
        expect(await notice.innerText()).toContain(
          `Sale $42.00 on card ••••1443, order ${orderId}, found when the lane started again`,
        );
        expect(await notice.innerText()).toMatch(/Approved: reference \d+, hand over the goods\./);
        await notice.getByRole('button', { name: 'Print the receipt' }).click();
        await notice.getByText('The receipt printed: both copies.').waitFor();
        await look(page, 'sale-state-restart-finding');
        const lastPage = await core.dispatch('printers.lastPage', {});
        expect(lastPage.ok && (lastPage.result as { lines: string[] }).lines.join('\n')).toContain('42.00');
        // Nothing else can be done until it is acknowledged: the sale screen's keys are held.
        await page.keyboard.press('5');
        expect(await page.getByTestId('sale-amount').innerText()).toBe('$0.00');
        await notice.getByRole('button', { name: 'Seen: done' }).click();
        await notice.waitFor({ state: 'detached' });
        expect((await core.dispatch('terminal.findings', {})) as { ok: boolean; result: unknown[] }).toMatchObject({
          ok: true,
          result: [],
        });
        const state = (await core.dispatch('terminal.state', {})) as { ok: true; result: TerminalState };
        expect(state.result.sale).toBeNull();
        await look(page, 'sale-state-restart-acknowledged');
      } finally {
        await lane.close();
      }
    },
  );
});
