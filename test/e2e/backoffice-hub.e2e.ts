import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { startHub } from '../../src-main/hub/hub';
import { systemClock } from '../../src-main/platform/clock';
import { capturedLogger } from '../support/backoffice';
import { e2e } from './support/browser-mode';
import { launchChromium } from './support/chromium';
import { look } from './support/counter';
import { runLanepoint } from './support/process';

// The store manager's hub screens in the real `lanepoint backoffice --training` process, against
// the real hub started in this process on the embedded engine. Its clock runs two minutes behind,
// so the lane's post below was seen two minutes ago.

describe('the back office reads the store hub', () => {
  e2e(
    'the manager enters the hub and its key, makes a store, sees a lane refuse a push in red, pushes settings and saves the CSV',
    async (chromium) => {
      const folder = mkdtempSync(join(tmpdir(), 'backoffice-hub-e2e-'));
      const hubLog = capturedLogger();
      const hub = await startHub({
        home: join(folder, 'hub'),
        port: 0,
        host: '127.0.0.1',
        clock: { ...systemClock, now: () => systemClock.now() - 120_000 },
        logger: hubLog.logger,
      });
      const admin = (path: string, body: unknown) =>
        fetch(`${hub.url}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${hub.adminKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
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

        // A lane the hub knows, which applied the store's first push and refused its second.
        const made = await admin('/api/admin/lanes', {
          storeId: 'store-1',
          name: 'Counter 1',
          kind: 'counter',
          merchantId: '49600000001',
        });
        const { lane, key } = (await made.json()) as { lane: { id: string }; key: string };
        for (const footer of ['Welcome', 'Hello'])
          expect(
            (
              await admin('/api/admin/settings', {
                storeId: 'store-1',
                document: { settings: { receipt: { footer } } },
              })
            ).status,
          ).toBe(201);
        const at = Date.now();
        const posted = await fetch(`${hub.url}/api/lanes/${lane.id}/events`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            journalId: 'journal-1',
            events: [
              {
                seq: 1,
                kind: 'device.status',
                at,
                body: {
                  readers: [{ name: 'Front reader', state: 'ready' }],
                  printer: { state: 'ready', paper: 'low' },
                  offlineQueue: 0,
                  softwareVersion: '1.0.0',
                },
              },
              { seq: 2, kind: 'settings.applied', at, body: { version: 1 } },
              {
                seq: 3,
                kind: 'settings.refused',
                at,
                body: { version: 2, reason: 'tipping.percentages: expected at most 4 choices' },
              },
            ],
          }),
        });
        expect(posted.status).toBe(200);
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
        await page.getByText(/Pushed as version 3/).waitFor();
        await look(page, 'backoffice-hub-settings');

        await page.getByRole('navigation', { name: 'Store hub' }).getByRole('button', { name: 'Export CSV' }).click();
        await page.getByLabel('Day').fill('2026-01-01');
        await page.getByRole('button', { name: 'Prepare the CSV' }).click();
        const link = page.getByRole('link', { name: 'Save sales-store-1-2026-01-01.csv' });
        await link.waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        const saved = join(folder, 'export.csv');
        await download.saveAs(saved);
        expect(readFileSync(saved, 'utf8')).toBe(
          'day,store,lane,time,cashier,operation,order id,masked pan,amount,state,response,retref,batch\r\n',
        );
        // Every request the back office made carried the admin key: the hub refused none.
        const answered = hubLog
          .text()
          .split('\n')
          .filter((line) => line.includes('hub: answered'))
          .map((line) => JSON.parse(line) as { status: number });
        expect(answered.length).toBeGreaterThan(0);
        expect(answered.filter((answer) => answer.status === 401)).toEqual([]);
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
