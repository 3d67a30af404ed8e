import { describe, expect, it } from 'vitest';
import { takeSessionToken } from '../../../src-renderer/pos/connect';
import { namedActions } from '../../../src-renderer/pos/named-actions';
import { PosCallError, unwrap } from '../../../src-renderer/pos/call-error';

describe('takeSessionToken', () => {
  it('reads the token, keeps it for the tab and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/?token=abc123&lane=2#x');
    expect(takeSessionToken(window.location, window.history, window.sessionStorage)).toBe('abc123');
    expect(window.location.search).toBe('?lane=2');
    expect(window.location.hash).toBe('#x');
    // A reload of the same tab finds it in session storage.
    expect(takeSessionToken(window.location, window.history, window.sessionStorage)).toBe('abc123');
  });
});

describe('namedActions', () => {
  it('maps pos.namespace.action(args) to call("namespace.action", args)', async () => {
    const seen: unknown[] = [];
    const actions = namedActions((async (name: string, args?: unknown) => {
      seen.push([name, args]);
      return { ok: true, result: name };
    }) as never);
    await actions.devices.list({ kind: 'printer' });
    await actions.app.info();
    expect(seen).toEqual([
      ['devices.list', { kind: 'printer' }],
      ['app.info', undefined],
    ]);
  });
});

describe('unwrap', () => {
  it('returns the result of a successful reply', () => {
    expect(unwrap({ ok: true, result: 5 })).toBe(5);
  });

  it('throws a PosCallError carrying code and field', () => {
    try {
      unwrap({ ok: false, error: { code: 'invalid_argument', message: 'devices.list: kind: bad', field: 'kind' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PosCallError);
      expect(error).toMatchObject({ code: 'invalid_argument', field: 'kind', message: 'devices.list: kind: bad' });
    }
  });
});
