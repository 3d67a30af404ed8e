import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src-main/stand-ins/gateway-emulator/server';
import { siteAuth } from '../stand-ins/gateway-emulator/support';

let emulator: RunningEmulator;
afterEach(async () => {
  await emulator.close();
});

function get(url: string, ca?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { headers: { Authorization: siteAuth }, ...(ca ? { ca } : {}) }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('TLS', () => {
  it('serves https with a generated certificate for 127.0.0.1 that a client can trust', async () => {
    emulator = await startEmulator({ tls: true });
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/rest$/);
    const certificate = new X509Certificate(emulator.certificate!.cert);
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(emulator.certificate!.fingerprint256).toBe(certificate.fingerprint256);
    const answer = await get(`${emulator.url}/inquireMerchant/496160873888`, emulator.certificate!.cert);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ merchid: '496160873888' });
  });

  it('is refused by a client that does not trust the certificate', async () => {
    emulator = await startEmulator({ tls: true });
    await expect(get(`${emulator.url}/`)).rejects.toThrow(/self-signed|self signed/i);
  });
});
