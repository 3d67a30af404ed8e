import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { startHubAdminServer } from '../support/hub-admin-server';
import { e2e } from './support/browser-mode';
import { launchChromium } from './support/chromium';
import { look } from './support/counter';
import { runLanepoint } from './support/process';

// The store manager's hub screens in the real `lanepoint backoffice --training` process, against
// a small HTTP server that answers the hub's manager API as HUB-CONTRACT.md says (the real hub is
// another part of issue 34; the merger's e2e runs these screens against it).

describe('the back office reads the store hub', () => {
  e2e(
    'the manager enters the hub and its key, makes a store, sees a lane refuse a push in red, pushes settings and saves the CSV',
    async (chromium) => {
      const folder = mkdtempSync(join(tmpdir(), 'backoffice-hub-e2e-'));
      const hub = await startHubAdminServer();
      const process = runLanepoint(['backoffice', '--training', '--browser', '--port', '0'], {
        HOME: join(folder, 'home'),
        LANEPOINT_BACKOFFICE_HOME: join(folder, 'backoffice'),
        LANEPOINT_HOME: join(folder, 'lane'),
      });
      const address = await process.waitForLine(/back office \(training\) at /);
      const browser = await launchChromium(chromium);
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(address.slice(address.indexOf('http')));
        await page.getByText('Back office connected').waitFor();

        await page.keyboard.press('Alt+6');
        await page.getByText('No store hub is connected.').waitFor();
        await page.getByRole('button', { name: 'Enter the hub’s address and key' }).click();
        await page.getByLabel('Hub URL').fill(hub.url);
        await page.getByLabel('Admin key').fill(hub.adminKey);
        await page.getByRole('button', { name: 'Save hub' }).click();
        await page.getByText('The hub’s admin key is saved.').waitFor();

        await page.keyboard.press('Alt+6');
        await page.getByLabel('Store id').fill('store-1');
        await page.getByText('New store on the hub').click();
        await page.getByLabel('Store name').fill('Corner Market');
        await page.getByRole('button', { name: 'Create store with the id above' }).click();
        await page.getByText('Store store-1 (Corner Market) is on the hub.').waitFor();

        // A lane the hub knows, which refused the store's second push.
        const made = await fetch(`${hub.url}/api/admin/lanes`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${hub.adminKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ storeId: 'store-1', name: 'Counter 1', kind: 'counter', merchantId: '49600000001' }),
        });
        const { lane } = (await made.json()) as { lane: { id: string } };
        Object.assign(hub.lane(lane.id), {
          lastSeenAt: Date.now() - 120_000,
          settingsVersion: 1,
          settingsRefused: { version: 2, reason: 'tipping.percentages: expected at most 4 choices' },
          status: {
            readers: [{ name: 'Front reader', state: 'ready' }],
            printer: { state: 'ready', paper: 'low' },
            offlineQueue: 0,
          },
        });
        await page.getByRole('button', { name: 'Refresh' }).click();
        const refusal = page.getByText('Refused version 2: tipping.percentages: expected at most 4 choices');
        await refusal.waitFor();
        expect(await refusal.evaluate((node) => getComputedStyle(node).color)).not.toBe(
          await page.getByText('Front reader: ready').evaluate((node) => getComputedStyle(node).color),
        );
        await look(page, 'backoffice-hub-lanes');

        await page
          .getByRole('navigation', { name: 'Store hub' })
          .getByRole('button', { name: 'Settings push' })
          .click();
        await page.getByLabel('Settings document (JSON)').fill('{"settings": {"receipt": {"footer": "Thanks"}}');
        await page.getByRole('button', { name: 'Push to every lane' }).click();
        await page.getByText(/^Not JSON/).waitFor();
        await page.getByLabel('Settings document (JSON)').fill('{"settings": {"receipt": {"footer": "Thanks"}}}');
        await page.getByRole('button', { name: 'Push to every lane' }).click();
        await page.getByText(/Pushed as version 1/).waitFor();
        await look(page, 'backoffice-hub-settings');

        await page.getByRole('navigation', { name: 'Store hub' }).getByRole('button', { name: 'Export CSV' }).click();
        await page.getByLabel('Day').fill('2026-01-01');
        await page.getByRole('button', { name: 'Prepare the CSV' }).click();
        const link = page.getByRole('link', { name: 'Save sales-store-1-2026-01-01.csv' });
        await link.waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        const saved = join(folder, 'export.csv');
        await download.saveAs(saved);
        expect(readFileSync(saved, 'utf8')).toBe('lane,entry,order,amount_minor,state\n');
        expect(hub.requests.filter((request) => request.authorization !== `Bearer ${hub.adminKey}`)).toEqual([]);
      } finally {
        await browser.close();
        await process.stop();
        await hub.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
