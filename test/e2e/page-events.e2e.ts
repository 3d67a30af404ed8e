import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { WebSocketServer } from 'ws';
import { scanPaths } from '../../src-main/lane/security/card-data-scan';
import { e2e } from './support/browser-mode';
import { launchChromium, pageEventsDir } from './support/chromium';

// The closing card-data scan of `npm test` reads test-results/, where every browser the
// end-to-end tests launch leaves the frames its pages received. This proves that plumbing with
// a page told a card number: its file holds the frame, and the scan names it.
describe('what each page was told is kept for the card-data scan', () => {
  e2e('a frame a page received lands in page-events/, and the scan finds a card number in it', async (chromiumPath) => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as { port: number };
    server.on('connection', (socket) =>
      socket.send(JSON.stringify({ type: 'event', name: 'leak', payload: { pan: '4788250000121443' } })),
    );
    const browser = await launchChromium(chromiumPath);
    const page = await browser.newPage();
    const received = page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url);
          socket.onmessage = (event) => resolve(String(event.data));
        }),
      `ws://127.0.0.1:${port}/`,
    );
    expect(await received).toContain('"leak"');
    const before = new Set(scanPaths([pageEventsDir]).findings.map((finding) => finding.file));
    await browser.close();
    server.close();
    const findings = scanPaths([pageEventsDir]).findings.filter((finding) => !before.has(finding.file));
    expect(findings).toHaveLength(1);
    const file = findings[0]!.file;
    expect(readFileSync(file, 'utf8')).toContain('"name":"leak"');
    // The planted number has done its job: the suite's own closing scan must not trip on it.
    rmSync(file);
    expect(scanPaths([join(pageEventsDir)]).findings.filter((finding) => finding.file === file)).toEqual([]);
  });
});
