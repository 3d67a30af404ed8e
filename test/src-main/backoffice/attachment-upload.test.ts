import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startBackofficeHost, type RunningBackoffice } from '../../../src-main/shells/cli/backoffice-command';
import { sessionTokenHeader } from '../../../src-main/backoffice/contract';
import { capturedLogger, newApplicationArgs } from '../../support/backoffice';
import { fakeIo } from '../../support/cli-io';
import { peakMemoryGrowth } from '../../support/memory';

const folder = mkdtempSync(join(tmpdir(), 'backoffice-upload-'));
const rendererDir = join(folder, 'renderer');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let running: RunningBackoffice | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(maxAttachmentBytes?: number) {
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'backoffice.html'), '<!doctype html><title>Back office</title>');
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lanepoint</title>');
  const home = mkdtempSync(join(folder, 'home-'));
  const { io, out } = fakeIo({ LANEPOINT_BACKOFFICE_HOME: join(home, 'bo'), LANEPOINT_HOME: join(home, 'lane') });
  running = await startBackofficeHost(io, {
    port: 0,
    training: true,
    rendererDir,
    logger: capturedLogger().logger,
    poll: { start: false },
    ...(maxAttachmentBytes ? { maxAttachmentBytes } : {}),
  });
  const created = await running.backoffice.dispatch('applications.create', newApplicationArgs());
  if (!created.ok) throw new Error(created.error.message);
  return { merchantId: (created.result as { merchantId: string }).merchantId, out };
}

interface Answer {
  status: number;
  body: { ok: boolean; error?: { code: string; field?: string }; result?: { attachmentId: number; bytes: number } };
}

/** POSTs a body to the upload route as the page does; answers as soon as the host answers. */
function upload(query: Record<string, string>, body: Readable, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL('/attachments', `http://127.0.0.1:${running!.port}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      headers: {
        Origin: `http://127.0.0.1:${running!.port}`,
        [sessionTokenHeader]: running!.token,
        'Content-Type': 'application/octet-stream',
        ...headers,
      },
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = incoming.statusCode ?? 0;
        // An answer that is not JSON (a 408 from a request bound) fails the test, naming it, instead of hanging it.
        try {
          resolve({ status, body: JSON.parse(text) as Answer['body'] });
        } catch {
          reject(
            new Error(
              `the host answered ${status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 200))}`,
            ),
          );
        }
      });
    });
    // The host closes a refused upload before it is sent whole: that is not the answer.
    outgoing.on('error', (error) => (outgoing.destroyed && !outgoing.writableFinished ? undefined : reject(error)));
    body.pipe(outgoing);
  });
}

const meta = (merchantId: string) => ({
  merchantId,
  fileName: 'VoidedCheck.pdf',
  mimeType: 'application/pdf',
  attachmentTypeCd: 'VOIDEDCHECK',
  description: 'A voided check',
});

/** `size` bytes of a pattern, made piece by piece: the test holds no more of it than the host should. */
function patterned(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const piece = Buffer.alloc(Math.min(256 * 1024, size - sent));
      for (let at = 0; at + 4 <= piece.length; at += 4) piece.writeUInt32LE(((sent + at) * 2654435761) >>> 0, at);
      sent += piece.length;
      this.push(piece);
    },
  });
}

describe('the back office host', () => {
  it('serves backoffice.html at / and streams a 20 MB upload into the boarding service without holding it', async () => {
    const { merchantId, out } = await start();
    expect(out[0]).toMatch(/^Lanepoint back office \(training\) at http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const page = await fetch(`http://127.0.0.1:${running!.port}/`);
    expect(await page.text()).toContain('Back office');

    const size = 20 * 1024 * 1024;
    const { result: answer, growth } = await peakMemoryGrowth(() => upload(meta(merchantId), patterned(size)));
    expect(answer).toMatchObject({ status: 200, body: { ok: true, result: { bytes: size } } });
    // The emulator decoded what arrived and counted every byte.
    const listed = await running!.backoffice.dispatch('applications.attachments', { merchantId });
    expect(listed).toMatchObject({
      ok: true,
      result: [{ attachmentId: answer.body.result!.attachmentId, bytes: size }],
    });
    // Whole, the document is 20 MB and its Base64 27 MB, over 47 MB at once; streamed, the host
    // holds pieces (a few MB; up to 16 MB was seen with the whole suite running beside it, the
    // sender, the host and the emulator all in this process).
    expect(growth).toBeLessThan(size);
  }, 180_000);

  it('refuses a body over the cap, whether declared or streamed, and an upload without the token or a wrong type', async () => {
    const { merchantId } = await start(1024 * 1024);
    const streamed = await upload(meta(merchantId), patterned(2 * 1024 * 1024));
    expect(streamed).toMatchObject({
      status: 413,
      body: { ok: false, error: { code: 'resource_exhausted', field: 'document' } },
    });
    const declared = await upload(meta(merchantId), Readable.from([Buffer.alloc(10)]), {
      'Content-Length': String(2 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    const noToken = await upload(meta(merchantId), Readable.from([Buffer.alloc(10)]), {
      [sessionTokenHeader]: 'x'.repeat(43),
    });
    expect(noToken.status).toBe(401);
    const otherOrigin = await upload(meta(merchantId), Readable.from([Buffer.alloc(10)]), {
      Origin: 'http://evil.example',
    });
    expect(otherOrigin.status).toBe(403);
    const video = await upload({ ...meta(merchantId), mimeType: 'video/mp4' }, Readable.from([Buffer.alloc(10)]));
    expect(video).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument', field: 'mimeType' } } });
    const empty = await upload(meta(merchantId), Readable.from([]));
    expect(empty).toMatchObject({ status: 400, body: { error: { field: 'document' } } });
    const listed = await running!.backoffice.dispatch('applications.attachments', { merchantId });
    expect(listed).toEqual({ ok: true, result: [] });
  }, 180_000);
});
