import { describe, expect } from 'vitest';
import { trainingJournalEntries } from '../support/test-core';
import { e2e } from './support/browser-mode';
import { look, startSale, withSignedIn } from './support/counter';
import { gatewayRecords } from './support/lane-records';

/**
 * The "network goes down" training scenario, done as a trainee does it in browser mode against
 * the built-in gateway: each step's words are checked against what the lane shows and records.
 */
describe('training scenario: the network goes down', () => {
  e2e('a chip sale is stored offline, never approved, and sent once the network is back', (chromium) =>
    withSignedIn(chromium, { settings: { offline: { enabled: true } } }, async ({ page, core, appDataDir }) => {
      await page.getByLabel('Practise').selectOption('network-down');
      const guide = page.getByTestId('scenario-network-down');
      await guide.waitFor();
      expect(await guide.getByTestId('scenario-needs').innerText()).toBe('Offline card payments are on at this lane.');
      // Step 1: the trainer takes the network down.
      await guide.getByTestId('network-down').click();
      await page.getByText(/off the network for 5 minutes/).waitFor();
      // Step 2: a $12.00 chip sale ends "Stored offline", never Approved; the banner counts it.
      await startSale(page, '12.00');
      await guide.getByTestId('step-visa-approve-insert').click();
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Stored offline');
      const banner = page.getByTestId('offline-banner');
      await expect.poll(() => banner.innerText(), { timeout: 10_000 }).toMatch(/1 payment stored \(\$12\.00\)/);
      await look(page, 'scenario-network-down-stored');
      const [stored] = trainingJournalEntries(appDataDir);
      expect(stored).toMatchObject({ operation: 'auth', state: 'stored', amountMinor: 1200 });
      expect(await gatewayRecords(core, stored!.orderId)).toEqual([]);
      // Step 3: Enter for the next sale, the network back: the payment is sent and the banner goes.
      await page.keyboard.press('Enter');
      await guide.getByTestId('network-back').click();
      await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => trainingJournalEntries(appDataDir)[0]?.state, { timeout: 15_000 }).toBe('completed');
      expect(await gatewayRecords(core, stored!.orderId)).toEqual([
        expect.objectContaining({ respstat: 'A', amountMinor: 1200 }),
      ]);
      // Step 4: History reads Approved.
      await page.keyboard.press('Alt+2');
      await page.getByRole('heading', { name: 'History' }).waitFor();
      await expect
        .poll(() => page.getByTestId(`history-row-${stored!.id}`).innerText(), { timeout: 10_000 })
        .toMatch(/Approved/);
      await look(page, 'scenario-network-down-sent');
    }),
  );

  e2e(
    'the gateway\u2019s name does not resolve: the sale is stored, and sent once the name resolves again',
    (chromium) =>
      withSignedIn(chromium, { settings: { offline: { enabled: true } } }, async ({ page, core, appDataDir }) => {
        await page.getByLabel('Practise').selectOption('dns-failure');
        const guide = page.getByTestId('scenario-dns-failure');
        await guide.getByTestId('fail-dns').click();
        await startSale(page, '9.50');
        await guide.getByTestId('step-visa-approve-insert').click();
        await page.getByTestId('sale-result').waitFor();
        expect(await page.getByTestId('sale-headline').innerText()).toBe('Stored offline');
        await look(page, 'scenario-dns-failure-stored');
        const [stored] = trainingJournalEntries(appDataDir);
        expect(stored).toMatchObject({ state: 'stored', amountMinor: 950 });
        await page.keyboard.press('Enter');
        await guide.getByTestId('network-back').click();
        await expect.poll(() => trainingJournalEntries(appDataDir)[0]?.state, { timeout: 15_000 }).toBe('completed');
        expect(await gatewayRecords(core, stored!.orderId)).toEqual([
          expect.objectContaining({ respstat: 'A', amountMinor: 950 }),
        ]);
      }),
  );

  e2e('a stored payment declined later: the finding names amount and card, and only a manager clears it', (chromium) =>
    withSignedIn(chromium, { settings: { offline: { enabled: true } } }, async ({ page, core, appDataDir }) => {
      await page.getByLabel('Practise').selectOption('offline-decline');
      const guide = page.getByTestId('scenario-offline-decline');
      await guide.getByTestId('network-down').click();
      await startSale(page, '18.00');
      await guide.getByTestId('step-visa-offline-decline-insert').click();
      await page.getByTestId('sale-result').waitFor();
      expect(await page.getByTestId('sale-headline').innerText()).toBe('Stored offline');
      const [stored] = trainingJournalEntries(appDataDir);
      await page.keyboard.press('Enter');
      await guide.getByTestId('network-back').click();
      const finding = page.getByTestId('recovery-finding');
      await finding.waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('recovery-findings').locator('h2').innerText()).toBe(
        'A card payment taken offline was declined when it was sent',
      );
      expect(await finding.innerText()).toMatch(/Offline sale \$18\.00 on card \u2022+1038/);
      await look(page, 'scenario-offline-decline-finding');
      expect(await gatewayRecords(core, stored!.orderId)).toEqual([expect.objectContaining({ respstat: 'C' })]);
      // The trainee is a cashier: Seen alone is refused; with the manager's PIN it clears.
      await finding.getByRole('button', { name: 'Seen: done' }).click();
      await expect.poll(() => page.getByTestId('recovery-findings').innerText()).toMatch(/manager/i);
      await finding.getByTestId('finding-manager-pin').fill('9999');
      await finding.getByRole('button', { name: 'Seen: done' }).click();
      await expect.poll(() => page.getByTestId('recovery-findings').count()).toBe(0);
    }),
  );
});
