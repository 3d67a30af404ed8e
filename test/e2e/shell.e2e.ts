import { describe, expect } from 'vitest';
import { e2e, screenshot, withBrowserMode } from './support/browser-mode';

describe('the terminal shell in browser mode', () => {
  e2e('a fresh start opens in training counter mode and shows TRAINING', (chromium) =>
    withBrowserMode(chromium, {}, async ({ page, host }) => {
      await page.goto(host.url);
      await page.getByTestId('training-stamp').waitFor();
      await expect(page.getByRole('status', { name: 'Training mode' }).innerText()).resolves.toContain('TRAINING');
      await expect(page.getByTestId('mode').innerText()).resolves.toMatch(/counter/i);
      // The counter opens on the sign-in screen: money moves only with a cashier signed in.
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByText('Terminal connected').waitFor();
      // The session token is taken out of the address bar once read.
      expect(new URL(page.url()).searchParams.has('token')).toBe(false);
      await screenshot(page, 'shell-training-counter');
    }),
  );

  e2e('kiosk mode greets the customer and still stamps TRAINING', (chromium) =>
    withBrowserMode(
      chromium,
      { env: { LANEPOINT_MODE: 'kiosk' }, viewport: { width: 1080, height: 1920 } },
      async ({ page, host }) => {
        await page.goto(host.url);
        await page.getByRole('status', { name: 'Training mode' }).waitFor();
        await expect(page.getByTestId('kiosk-headline').innerText()).resolves.toBe('Welcome');
        // The customer sees no staff words: the status bar (terminal id, version) is staff mode's.
        await expect(page.getByTestId('mode').count()).resolves.toBe(0);
        await screenshot(page, 'shell-training-kiosk');
      },
    ),
  );

  e2e('a page without the session token cannot reach the terminal, and says what to do', (chromium) =>
    withBrowserMode(chromium, {}, async ({ page, host, logLines }) => {
      await page.goto(`http://127.0.0.1:${host.port}/`);
      await page.getByText('Terminal not reachable; retrying').waitFor();
      await expect(page.getByTestId('phase-headline').innerText()).resolves.toBe('Cannot reach the terminal');
      await page.getByText(/opened without its session key/).waitFor();
      await expect(page.getByTestId('training-stamp').count()).resolves.toBe(0);
      expect(logLines.some((line) => line.includes('without the session token'))).toBe(true);
      await screenshot(page, 'shell-no-token');
    }),
  );

  e2e('the page keeps working after a reload (token kept for the tab)', (chromium) =>
    withBrowserMode(chromium, {}, async ({ page, host }) => {
      await page.goto(host.url);
      await page.getByText('Terminal connected').waitFor();
      await page.reload();
      await page.getByText('Terminal connected').waitFor();
      await expect(page.getByTestId('training-stamp').isVisible()).resolves.toBe(true);
      await screenshot(page, 'shell-after-reload');
    }),
  );
});
