import { describe, expect, it } from 'vitest';
import { MalformedTarget, readRequestTarget } from '../../../../src-main/stand-ins/gateway-emulator/request-target';

describe('readRequestTarget', () => {
  it.each([
    ['/rest/inquire/1/496160873888', ['rest', 'inquire', '1', '496160873888']],
    ['//rest///inquire/1/', ['rest', 'inquire', '1']],
    ['/rest/./inquire/../inquire/1', ['rest', 'inquire', '1']],
    ['/rest/%2e%2e/rest/%2E/auth', ['rest', 'auth']],
    ['/../../rest/auth', ['rest', 'auth']],
    ['/rest/%69nquire/A%2FB', ['rest', 'inquire', 'A/B']],
    ['/rest/INQUIRE', ['rest', 'INQUIRE']],
    ['http://evil.example/rest/auth?x=1', ['rest', 'auth']],
    ['//x/rest/auth', ['x', 'rest', 'auth']],
  ])('%s routes as %j', (target, segments) => {
    expect(readRequestTarget(target).segments).toEqual(segments);
  });

  it('keeps the query, decoded, and re-encodes the normalised path', () => {
    const target = readRequestTarget('/rest//settlestat?merchid=4961&date=1122%20');
    expect(target.path).toBe('/rest/settlestat');
    expect(target.query.get('date')).toBe('1122 ');
    expect(readRequestTarget('/rest/inquireByOrderid/A%2FB').path).toBe('/rest/inquireByOrderid/A%2FB');
  });

  it.each(['/rest/%zz', '/rest/auth%', '/rest/%C3%28', '/rest/settlestat?date=%G1', 'rest/auth', '*'])(
    'refuses %s, naming the problem',
    (target) => {
      expect(() => readRequestTarget(target)).toThrow(MalformedTarget);
    },
  );
});
