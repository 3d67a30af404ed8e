import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordGrant } from '../../../support/boarding';
import {
  startBoardingEmulator,
  type RunningBoardingEmulator,
} from '../../../../src-main/stand-ins/boarding-emulator/server';

let emulator: RunningBoardingEmulator;
let bearer = '';
beforeAll(async () => {
  emulator = await startBoardingEmulator({ clock: { now: () => Date.UTC(2026, 10, 28, 9) }, tickMs: 0 });
  const response = await passwordGrant(emulator);
  bearer = ((await response.json()) as { access_token: string }).access_token;
});
afterAll(() => emulator.close());

/** A GET with the target exactly as written: fetch would re-encode a stray %. */
function rawGet(
  path: string,
): Promise<{ status: number; body: { errors?: Array<{ code: string; message: string; status: string }> } }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: emulator.port, path, headers: { Authorization: `Bearer ${bearer}` } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as never }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the boarding emulator reading a request path', () => {
  it.each([
    ['/merchant/%zz', '"%zz" is not % and two hex digits'],
    ['/lookup/billToCodes%', '"%" is not % and two hex digits'],
    ['/merchant/%C3%28', 'does not decode to UTF-8 text'],
    ['/order?merchantId=1%2', 'in the query'],
    ['/sign/%E0%A4%A/key', 'percent-encoding in the path'],
  ])('answers %s with 400 and the service\u2019s error shape naming the problem', async (path, problem) => {
    const { status, body } = await rawGet(path);
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]).toMatchObject({ code: '1012', status: 'BAD_REQUEST' });
    expect(body.errors![0]!.message).toContain(problem);
  });

  it('still reads a well-encoded segment as the name it spells', async () => {
    expect((await rawGet('/lookup/%62illToCodes')).status).toBe(200);
    expect((await rawGet('/lookup/nothing%20here')).status).toBe(404);
  });
});
