import { describe, expect } from 'vitest';
import { builtRendererDir } from '../../src-main/shells/cli/paths';
import { startHost } from '../../src-main/shells/host/server';
import { e2e, screenshot, withBrowserMode } from './support/browser-mode';

describe('a kiosk browser outliving its host', () => {
  e2e('shows the outage, then reconnects by itself when the host is back with the same token', (chromium) =>
    withBrowserMode(chromium, {}, async (session) => {
      const { page } = session;
      const token = 'k'.repeat(43);
      // A kiosk host runs with a fixed token (LANEPOINT_HOST_TOKEN) so its browser can return.
      const core = session.core;
      let host = await startHost({ core, port: 0, rendererDir: builtRendererDir, token });
      const port = host.port;
      await page.goto(host.url);
      await page.getByText('Terminal connected').waitFor();

      await host.close();
      await page.getByText('Terminal not reachable; retrying').waitFor();
      await expect(page.getByTestId('phase-headline').innerText()).resolves.toBe('Cannot reach the terminal');
      await screenshot(page, 'reconnect-host-down');

      host = await startHost({ core, port, rendererDir: builtRendererDir, token });
      try {
        await page.getByText('Terminal connected').waitFor({ timeout: 15_000 });
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        await expect(page.getByTestId('training-stamp').isVisible()).resolves.toBe(true);
        await screenshot(page, 'reconnect-host-back');
      } finally {
        await host.close();
      }
    }),
  );
});
