import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { defaultBoardingCredentials } from '../../src-main/stand-ins/boarding-emulator/emulator-config';
import { bootCore } from '../../src-main/lane/core/boot';
import { builtRendererDir } from '../../src-main/shells/cli/paths';
import { createGatewayClient } from '../../src-main/lane/gateway/client';
import { startHost } from '../../src-main/shells/host/server';
import { moveBoardingClock } from '../support/boarding';
import { emulatorAdmin } from '../support/emulator-admin';
import { collectingLogger, trainingJournalEntries } from '../support/test-core';
import { e2e, screenshot } from './support/browser-mode';
import { launchChromium } from './support/chromium';
import { look, signIn, startSale } from './support/counter';
import { runLanepoint, type RunningProcess } from './support/process';
import { laneTraining } from '../../src-main/shells/training/lane-training';

// The proof (issue 18): a store boarded in the back office, signed by its owner on the
// boarding service's page, followed to LIVE on screen, and a lane provisioned from it selling
// under the merchant id the service gave, which the gateway then settles. The back office is the
// real `lanepoint backoffice --training` process; its emulators are reached only over HTTP.

const dba = 'Corner Market';
const second = 1000;

/** The minimal application as a store's IT person types it, field by field, by the labels on screen. */
async function fillNewApplication(page: Page): Promise<void> {
  const text: [string, string][] = [
    ['Application template id', '999'],
    ['Sales code', 'LPTRAIN'],
    ['Doing-business-as name', dba],
    ['Legal business name', `${dba} LLC`],
    ['Tax filing name', `${dba} LLC`],
    ['Business address: street', '123 Fake Street'],
    ['Business address: city', 'Keystone'],
    ['Business address: ZIP code', '80435'],
    ['Owner name', 'Forename Surname'],
    ['Owner title', 'OWNER'],
    ['Owner email', 'owner@example.com'],
    ['Owner phone', '555-123-4567'],
    ['Driver\u2019s license number', '123456789'],
    ['Owner address: street', '1 Imaginary Lane'],
    ['Owner address: city', 'Keystone'],
    ['Owner address: ZIP code', '80435'],
    ['Deposit bank: bank name', 'Deposit Bank'],
    ['Deposit bank: routing number', '987654321'],
    ['Deposit bank: account number', '123456789'],
    ['Sign-in first name', 'Forename'],
    ['Sign-in last name', 'Surname'],
    ['Sign-in email', 'owner@example.com'],
  ];
  for (const [label, value] of text) await page.getByLabel(label, { exact: true }).fill(value);
  const choices: [string, string][] = [
    ['Tax filing method', 'EIN'],
    ['Business address: state', 'CO'],
    ['Driver\u2019s license state', 'CO'],
    ['Owner address: state', 'CO'],
    ['Deposit bank: account type', 'BIZ'],
  ];
  for (const [label, code] of choices) await page.getByLabel(label, { exact: true }).selectOption(code);
}

/**
 * `look` over the whole screen: the back office scrolls inside its screen, so the window is made
 * as tall as the screen's content for the picture (and axe), then put back.
 */
async function lookWhole(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const hidden = Number(
    await page.evaluate(
      '(() => { const s = document.querySelector(".bo-screen"); return s ? s.scrollHeight - s.clientHeight : 0; })()',
    ),
  );
  await page.setViewportSize({ width: viewport.width, height: viewport.height + hidden });
  try {
    await look(page, name);
  } finally {
    await page.setViewportSize(viewport);
  }
}

/** The application's status as its badge says it, in words. */
const badge = (page: Page) => page.locator('.bo-detail-head .status-badge');

/** Waits until the timeline marks `label` as the step the application is at now. */
async function timelineAt(page: Page, label: string): Promise<void> {
  await page.locator('.timeline-step[aria-current="step"]', { hasText: label }).waitFor({ timeout: 30_000 });
}

/** The back office as its command starts it, in training, in folders of its own. */
async function startBackoffice(folder: string): Promise<{
  process: RunningProcess;
  url: string;
  boardingUrl: string;
  gatewayUrl: string;
}> {
  const process = runLanepoint(['backoffice', '--training', '--browser', '--port', '0'], {
    HOME: join(folder, 'home'),
    LANEPOINT_BACKOFFICE_HOME: join(folder, 'backoffice'),
    LANEPOINT_HOME: join(folder, 'lane'),
  });
  const address = await process.waitForLine(/back office \(training\) at /);
  const emulators = await process.waitForLine(/boarding emulator .*, gateway emulator /);
  const [, boardingUrl, gatewayUrl] = /boarding emulator (\S+), gateway emulator (\S+)/.exec(emulators)!;
  return { process, url: address.slice(address.indexOf('http')), boardingUrl: boardingUrl!, gatewayUrl: gatewayUrl! };
}

describe('the back office boards a store and provisions its lane', () => {
  e2e(
    'a new application is signed by the owner, reaches LIVE, and the lane provisioned from it sells under the new merchant id',
    async (chromium) => {
      const folder = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));
      const laneHome = join(folder, 'lane');
      const backoffice = await startBackoffice(folder);
      const browser = await launchChromium(chromium);
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(backoffice.url);
        await page.getByText('Back office connected').waitFor();
        await page.getByText('No applications yet.').waitFor();
        expect(await page.getByRole('status', { name: 'Training mode' }).innerText()).toContain('TRAINING');
        await lookWhole(page, 'backoffice-applications-empty');

        // The other screens, as the IT person first finds them.
        await page.keyboard.press('Alt+3');
        await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();
        await page.getByText('Countertop terminal', { exact: true }).first().waitFor();
        await lookWhole(page, 'backoffice-equipment');
        await page.keyboard.press('Alt+4');
        await page.getByRole('heading', { name: 'Billing plans', level: 1 }).waitFor();
        await lookWhole(page, 'backoffice-plans');
        await page.keyboard.press('Alt+5');
        await page.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
        await page.getByText('Training uses the built-in boarding service: no credentials are needed').waitFor();
        expect(await page.getByLabel('Client secret').isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Save credentials' }).isDisabled()).toBe(true);
        await lookWhole(page, 'backoffice-credentials');

        // A form saved empty names every field it needs, and the focus goes to the first.
        await page.keyboard.press('Alt+2');
        await page.getByRole('heading', { name: 'New application', level: 1 }).waitFor();
        await page.getByRole('button', { name: /Save application/ }).click();
        const problems = page.getByRole('list', { name: 'What to fix before saving' });
        await problems.waitFor();
        expect(await problems.innerText()).toContain('Application template id is required.');
        expect(await problems.innerText()).toContain('Owner email is required.');
        expect(await page.evaluate('document.activeElement?.id')).toBe('f-templateId');
        // The focused field is in sight, not pushed below the screen by the list that appeared above it.
        const screenBox = (await page.locator('.bo-screen').boundingBox())!;
        const fieldBox = (await page.locator('#f-templateId').boundingBox())!;
        expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(screenBox.y + screenBox.height);
        expect(await page.getByText('Training\u2019s templates: 999 or 1000.').isVisible()).toBe(true);
        await lookWhole(page, 'backoffice-new-application-problems');

        await fillNewApplication(page);
        // Each problem went as its field was filled.
        expect(await problems.count()).toBe(0);
        expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
        await lookWhole(page, 'backoffice-new-application-filled');
        await page.getByRole('button', { name: /Save application/ }).click();
        await page.getByRole('heading', { name: dba, level: 1 }).waitFor();
        expect(await badge(page).innerText()).toBe('In progress');
        const merchantId = (await page.getByText(/^Merchant id \d+$/).innerText()).replace('Merchant id ', '');
        await timelineAt(page, 'In progress');
        expect(await page.getByText('Available once the gateway has boarded the merchant').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Provision this lane' }).isDisabled()).toBe(true);

        // Training's template asks for the store number before the signature: asked too early, the
        // back office names the field in words, and nothing is sent to the owner.
        await page.getByRole('button', { name: 'Request signature' }).click();
        await page
          .getByText(
            'The owner cannot be asked to sign yet: fill in the required custom field "Store number" under Custom fields and save, then request the signature.',
          )
          .waitFor();
        expect(await page.locator('.bo-screen').innerText()).not.toMatch(/customFields\[|\(1250\)/);
        expect(await badge(page).innerText()).toBe('In progress');
        await lookWhole(page, 'backoffice-signature-needs-store-number');
        const storeNumber = page.getByLabel(/1\. Store number/);
        await storeNumber.fill('0042');
        await page.getByRole('button', { name: 'Save custom fields' }).click();
        await page.getByText('Custom fields saved.').waitFor();
        await lookWhole(page, 'backoffice-application-in-progress');

        await page.getByRole('button', { name: 'Request signature' }).click();
        await page.getByText('Signature requested: the link is ready.').waitFor();
        expect(await badge(page).innerText()).toBe('Out for signature');
        const link = page.getByLabel('Signing link for the owner');
        const signingUrl = await link.inputValue();
        // All of the link is in sight, to read out or type: nothing scrolled away in its box.
        expect(
          await page.evaluate(
            '(() => { const box = document.getElementById("signing-link-text"); return [box.scrollWidth - box.clientWidth, box.scrollHeight - box.clientHeight]; })()',
          ),
        ).toEqual([0, 0]);
        expect(signingUrl.startsWith(backoffice.boardingUrl)).toBe(true);
        const qr = page.getByRole('img', { name: 'QR code of the signing link' });
        await qr.waitFor();
        expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
        expect(await page.getByRole('link', { name: 'Open the signing page' }).getAttribute('href')).toBe(signingUrl);
        await lookWhole(page, 'backoffice-signature-requested');

        // The owner signs on the service's page, as on their phone.
        const phone = await browser.newContext({
          viewport: { width: 412, height: 860 },
          isMobile: true,
          hasTouch: true,
        });
        const owner = await phone.newPage();
        await owner.goto(signingUrl);
        // Laid out for the phone's width, not a desktop page drawn small.
        expect(await owner.evaluate('window.innerWidth')).toBe(412);
        await owner.getByRole('heading', { name: `Merchant application: ${dba}` }).waitFor();
        expect(await owner.getByLabel('Email').inputValue()).toBe('owner@example.com');
        await screenshot(owner, 'backoffice-owner-signing-page');
        await owner.getByLabel('I agree to the terms of the application').check();
        await owner.getByRole('button', { name: 'Sign the application' }).click();
        const signed = await owner.locator('main').innerText();
        expect(signed).toMatch(/signed/i);
        expect(await owner.evaluate('window.innerWidth')).toBe(412);
        await screenshot(owner, 'backoffice-owner-signed');
        await phone.close();

        // The back office sees the signature by polling; the service's clock is moved, never waited for.
        await page
          .getByText('The owner signed the application; the service is reviewing it.')
          .waitFor({ timeout: 30_000 });
        // The link is spent: the screen no longer says it is ready.
        expect(await page.getByText('Signature requested: the link is ready.').count()).toBe(0);
        await timelineAt(page, 'Signed, in review');
        await lookWhole(page, 'backoffice-signed');
        await moveBoardingClock(backoffice.boardingUrl, defaultBoardingCredentials, 35 * second);
        await timelineAt(page, 'Boarded');
        expect(await badge(page).innerText()).toBe('Boarded');
        const merchid = await page.locator('#provision-heading + p strong').innerText();
        expect(merchid).toMatch(/^\d{11,16}$/);
        expect(await page.locator('#provision-heading + p').innerText()).toBe(
          `Gateway merchant id ${merchid}. Lanes need it to sell; in training they sell through the practice gateway, with nothing more to enter.`,
        );
        await lookWhole(page, 'backoffice-boarded');
        await moveBoardingClock(backoffice.boardingUrl, defaultBoardingCredentials, 10 * second);
        await page
          .getByText('Live: the merchant is boarded to the processor and the gateway and receives deposits.')
          .waitFor({ timeout: 30_000 });
        expect(await badge(page).innerText()).toBe('Live');

        await page.getByRole('button', { name: 'Provision this lane' }).click();
        await page
          .getByText(`The lane on this machine sells as merchant ${merchid} from its next start (saved in ${laneHome}`)
          .waitFor();
        expect(await page.getByText('The owner signed the application.', { exact: true }).isVisible()).toBe(true);
        await lookWhole(page, 'backoffice-live-provisioned');
        const laneSettings = JSON.parse(readFileSync(join(laneHome, 'settings.json'), 'utf8'));
        expect(laneSettings).toEqual({ merchantId: merchid, gateway: { url: backoffice.gatewayUrl } });

        // Export for another lane, applied there with `lanepoint provision`.
        await page.getByRole('button', { name: 'Export provisioning file' }).click();
        const exportedLine = await page.getByText(/^Provisioning file written to /).innerText();
        const exportedFile = /^Provisioning file written to (.+\.json): run/.exec(exportedLine)?.[1];
        expect(exportedFile).toBe(join(folder, 'backoffice', 'provisioning', `lane-${merchid}.json`));
        await page.getByRole('link', { name: `Save lane-${merchid}.json` }).waitFor();
        await lookWhole(page, 'backoffice-exported');
        // A store's small laptop: the timeline and panels still fit its width.
        await page.setViewportSize({ width: 1024, height: 700 });
        await lookWhole(page, 'backoffice-exported-1024');
        expect(await page.evaluate('document.querySelector(".bo-screen").scrollWidth')).toBeLessThanOrEqual(1024);
        await page.setViewportSize({ width: 1280, height: 800 });
        const otherLane = join(folder, 'other-lane');
        const provision = runLanepoint(['provision', exportedFile!], {
          HOME: join(folder, 'home'),
          LANEPOINT_HOME: otherLane,
        });
        await provision.waitForLine(new RegExp(`This lane now sells as merchant ${merchid} \\(${dba}\\)`));
        // The command ends by itself once it has said so: a SIGTERM now would race its exit.
        expect(await provision.ended()).toBe(0);
        expect(JSON.parse(readFileSync(join(otherLane, 'settings.json'), 'utf8'))).toEqual(laneSettings);

        // The applications list shows where it stands.
        await page.keyboard.press('Alt+1');
        const row = page.getByRole('row', { name: new RegExp(dba) });
        await row.waitFor();
        expect(await row.innerText()).toMatch(new RegExp(`${merchantId}\\s+Live\\s+Boarded\\s+${merchid}`));
        await lookWhole(page, 'backoffice-applications-live');
        // Billing plans now have a boarded merchant to charge for.
        await page.keyboard.press('Alt+4');
        await page.getByRole('heading', { name: 'Billing plans', level: 1 }).waitFor();
        await page.getByRole('option', { name: `${dba} (${merchid})` }).waitFor({ state: 'attached' });
        await page.getByText('No billing plans for this merchant yet: the form below makes the first.').waitFor();
        await lookWhole(page, 'backoffice-plans-boarded');

        // The provisioned lane, in training on the back office's gateway emulator, makes a sale.
        const { logger } = collectingLogger();
        const { core } = bootCore({
          training: laneTraining,
          shell: 'browser',
          env: { LANEPOINT_HOME: laneHome },
          logger,
        });
        const host = await startHost({ core, port: 0, rendererDir: builtRendererDir });
        try {
          const lane = await browser.newPage({ viewport: { width: 1280, height: 800 } });
          await lane.goto(host.url);
          await signIn(lane);
          await startSale(lane, '12.00');
          await lane.getByTestId('deck-visa-approve-insert').click();
          await lane.getByTestId('sale-result').waitFor();
          expect(await lane.getByTestId('sale-headline').innerText()).toBe('Approved');
          await look(lane, 'backoffice-lane-approved');
        } finally {
          // The core closes (its journal with it) even when the host's close fails.
          await host.close().finally(() => core.close());
        }
        const journal = trainingJournalEntries(laneHome);
        expect(journal).toEqual([
          expect.objectContaining({ operation: 'auth', state: 'completed', amountMinor: 1200 }),
        ]);
        const retref = journal[0]!.outcome?.retref;
        // The gateway answered as the boarded store: its name heads the receipt.
        expect(journal[0]!.outcome?.receipt).toMatchObject({ dba });

        // The gateway settles the sale under the merchant the back office boarded.
        await emulatorAdmin(backoffice.gatewayUrl).settle();
        const gateway = createGatewayClient({
          baseUrl: backoffice.gatewayUrl,
          credentials: { level: 'site', username: 'testing', password: 'testing123' },
        });
        const batches = await gateway.settlementStatus({ merchid });
        expect(batches.flatMap((batch) => batch.txns.map((txn) => [txn.retref, txn.setlamount]))).toEqual([
          [retref, 1200],
        ]);
        expect(await gateway.settlementStatus({ merchid: '496160873888' })).toEqual([]);
      } finally {
        await browser.close();
        await backoffice.process.stop();
        rmSync(folder, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
