import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, rendererSecurityHeaders } from '../../../../src-main/lane/security/csp';
import { closeStartedShells, startedShell } from './shell-fixture';

afterEach(closeStartedShells);

async function appProtocol() {
  const { fake } = await startedShell();
  const handler = fake.protocolHandlers.get('app');
  if (!handler) throw new Error('no app:// handler registered');
  // A plain request object, not `new Request()`: that would normalize the URL (and refuse
  // user:pass@) before the handler saw it, and the handler must not rely on anyone having done so.
  return (url: string, method = 'GET') => Promise.resolve(handler({ url, method } as Request));
}

describe('the app:// scheme', () => {
  it('is registered as privileged (standard, secure, fetch) before ready, and served after', async () => {
    const { fake } = await startedShell();
    expect(fake.privileged).toEqual([
      {
        schemes: [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }],
        beforeReady: true,
      },
    ]);
    expect([...fake.protocolHandlers.keys()]).toEqual(['app']);
  });
});

describe('the app:// handler', () => {
  it('serves index.html as HTML with the renderer CSP and security headers', async () => {
    const get = await appProtocol();
    const page = await get('app://lanepoint/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const [name, value] of Object.entries(rendererSecurityHeaders(contentSecurityPolicy()))) {
      expect(page.headers.get(name)).toBe(value);
    }
    expect(await page.text()).toContain('<title>Lanepoint</title>');
  });

  it.each([
    ['app://lanepoint/', /^text\/html/],
    ['app://lanepoint/assets/app.js', /^text\/javascript/],
    ['app://lanepoint/assets/app.css', /^text\/css/],
  ])('serves %s as %s, with the CSP', async (url, type) => {
    const get = await appProtocol();
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(type);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });

  it.each([
    'app://lanepoint/../secret.txt',
    'app://lanepoint/../../etc/passwd',
    'app://lanepoint/%2e%2e/secret.txt',
    'app://lanepoint/%2E%2E/%2e%2e/etc/passwd',
    'app://lanepoint/..%2fsecret.txt',
    'app://lanepoint/assets/..%2f..%2fsecret.txt',
    'app://lanepoint/assets/..%5c..%5csecret.txt',
    'app://lanepoint/index.html%00.js',
    'app://evil/index.html',
    'app://lanepoint.evil.com/index.html',
    'app://lanepoint@evil/index.html',
    'app://lanepoint:8080/index.html',
    'app://lanepoint/missing.js',
    'app://lanepoint/assets',
  ])('answers 404 for %s, still with the CSP', async (url) => {
    const get = await appProtocol();
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    const body = await response.text();
    expect(body).not.toContain('root:');
    expect(body).not.toContain('<title>');
  });

  it('answers only GET and HEAD', async () => {
    const get = await appProtocol();
    expect((await get('app://lanepoint/index.html', 'POST')).status).toBe(405);
    const head = await get('app://lanepoint/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
