import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BoardingValidationError } from '../../../../src-main/backoffice/boarding/errors';
import { minimalMerchant } from '../../../support/boarding';
import { boardingPairPerTest } from '../../../support/boarding-pair-per-test';
import { peakMemoryGrowth } from '../../../support/memory';

const startPair = boardingPairPerTest();
const folder = mkdtempSync(join(tmpdir(), 'boarding-attachment-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const meta = {
  fileName: 'VoidedCheck.pdf',
  mimeType: 'application/pdf',
  description: 'A voided check',
  attachmentTypeCd: 'VOIDEDCHECK',
};

describe('attachments', () => {
  it('uploads a document the emulator receives byte for byte', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    const content = Buffer.from('%PDF-1.1 a small voided check, 3 bytes short of whole base64 groups..');
    const file = join(folder, 'check.pdf');
    writeFileSync(file, content);
    const attachmentId = await pair.client.attachments.upload(merchantId, file, meta);
    const stored = pair.emulator.store.merchants.get(merchantId)!.attachments;
    expect(stored).toEqual([
      {
        attachmentId,
        fileName: 'VoidedCheck.pdf',
        mimeType: 'application/pdf',
        attachmentTypeCd: 'VOIDEDCHECK',
        bytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      },
    ]);
  });

  it('streams a 20 MB file: neither side holds it whole', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    const size = 20 * 1024 * 1024;
    const file = join(folder, 'large.pdf');
    const content = Buffer.alloc(size);
    for (let at = 0; at < size; at += 4) content.writeUInt32LE((at * 2654435761) >>> 0, at);
    writeFileSync(file, content);
    const expectedHash = createHash('sha256').update(content).digest('hex');
    const { growth } = await peakMemoryGrowth(
      () => pair!.client.attachments.upload(merchantId, file, { ...meta, fileName: 'large.pdf' }),
      5,
    );
    const stored = pair.emulator.store.merchants.get(merchantId)!.attachments[0]!;
    expect(stored.bytes).toBe(size);
    expect(stored.sha256).toBe(expectedHash);
    // Whole, the document would be 20 MB, its Base64 27 MB and the JSON text 54 MB as a string.
    expect(growth).toBeLessThan(size / 2);
  }, 180_000);

  it('refuses before sending: a missing or empty file, audio or video, an over-long name', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    const empty = join(folder, 'empty.pdf');
    writeFileSync(empty, '');
    await expect(pair.client.attachments.upload(merchantId, join(folder, 'absent.pdf'), meta)).rejects.toMatchObject({
      field: 'document',
    });
    await expect(pair.client.attachments.upload(merchantId, empty, meta)).rejects.toBeInstanceOf(
      BoardingValidationError,
    );
    await expect(
      pair.client.attachments.upload(merchantId, empty, { ...meta, mimeType: 'video/mp4' }),
    ).rejects.toMatchObject({ field: 'mimeType' });
    await expect(
      pair.client.attachments.upload(merchantId, empty, { ...meta, fileName: `${'x'.repeat(61)}` }),
    ).rejects.toMatchObject({ field: 'fileName' });
  });

  it('the emulator refuses an attachment that is not Base64, naming the field', async () => {
    const pair = await startPair();
    const merchantId = await pair.client.merchants.create(999, minimalMerchant());
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'merchapi',
      client_secret: pair.emulator.credentials.clientSecret,
      username: pair.emulator.credentials.username,
      password: pair.emulator.credentials.password,
    });
    const token = (
      (await (
        await fetch(`${pair.emulator.url}/auth/realms/cardconnect/protocol/openid-connect/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
        })
      ).json()) as { access_token: string }
    ).access_token;
    const answer = await fetch(`${pair.emulator.url}/merchant/${merchantId}/attachment`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...meta, document: 'not base64!' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ errors: [{ errorField: 'document', status: 'BAD_REQUEST' }] });
  });
});
