import { describe, expect } from 'vitest';
import { e2e, openBrowserMode, screenshot } from './support/browser-mode';

describe('the terminal shell in browser mode', () => {
  e2e('a fresh start opens in training counter mode and shows TRAINING', async (chromium) => {
    const session = await openBrowserMode(chromium);
    try {
      const { page, host } = session;
      await page.goto(host.url);
      await page.getByTestId('training-stamp').waitFor();
      await expect(page.getByRole('status', { name: 'Training mode' }).innerText()).resolves.toContain('TRAINING');
      await expect(page.getByTestId('mode').innerText()).resolves.toMatch(/counter/i);
      await expect(page.getByTestId('phase-headline').innerText()).resolves.toBe('Ready for the next sale');
      await page.getByText('Terminal connected').waitFor();
      // The session token is taken out of the address bar once read.
      expect(new URL(page.url()).searchParams.has('token')).toBe(false);
      await screenshot(page, 'shell-training-counter');
    } finally {
      await session.close();
    }
  });

  e2e('kiosk mode greets the customer and still stamps TRAINING', async (chromium) => {
    const session = await openBrowserMode(chromium, { LANEPOINT_MODE: 'kiosk' }, { width: 1080, height: 1920 });
    try {
      const { page, host } = session;
      await page.goto(host.url);
      await page.getByTestId('training-stamp').waitFor();
      await expect(page.getByTestId('mode').innerText()).resolves.toMatch(/kiosk/i);
      await expect(page.getByTestId('phase-headline').innerText()).resolves.toBe('Welcome');
      await screenshot(page, 'shell-training-kiosk');
    } finally {
      await session.close();
    }
  });

  e2e('a page without the session token cannot reach the terminal', async (chromium) => {
    const session = await openBrowserMode(chromium);
    try {
      const { page, host } = session;
      await page.goto(`http://127.0.0.1:${host.port}/`);
      await page.getByText('Terminal not reachable; retrying').waitFor();
      await expect(page.getByTestId('phase-headline').innerText()).resolves.toBe('Cannot reach the terminal');
      await page.getByText(/opened without its session key/).waitFor();
      await expect(page.getByTestId('training-stamp').count()).resolves.toBe(0);
      expect(session.logLines.some((line) => line.includes('without the session token'))).toBe(true);
      await screenshot(page, 'shell-no-token');
    } finally {
      await session.close();
    }
  });

  e2e('the page keeps working after a reload (token kept for the tab)', async (chromium) => {
    const session = await openBrowserMode(chromium);
    try {
      const { page, host } = session;
      await page.goto(host.url);
      await page.getByText('Terminal connected').waitFor();
      await page.reload();
      await page.getByText('Terminal connected').waitFor();
      await expect(page.getByTestId('training-stamp').isVisible()).resolves.toBe(true);
    } finally {
      await session.close();
    }
  });
});
