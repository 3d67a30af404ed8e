import { describe, expect, it } from 'vitest';
import { achAuthorizationFields, routingProblem } from '../../../../src-main/lane/gateway/ach';
import { authorizationToWire } from '../../../../src-main/lane/gateway/auth-request';

describe('the routing number\u2019s ABA check digit', () => {
  it.each(['036001808', '011401533', '021000021', '011000015'])('takes %s', (routing) => {
    expect(routingProblem(routing)).toBeNull();
  });

  it('names a wrong check digit, and a number of the wrong length', () => {
    expect(routingProblem('036001809')).toBe(
      '036001809 is not a routing (ABA) number: its check digit does not match. Check the number at the bottom left of the check.',
    );
    expect(routingProblem('123456789')).toMatch(/check digit does not match/);
    expect(routingProblem('03600180')).toBe('the routing (ABA) number is 9 digits');
    expect(routingProblem('03600180x')).toBe('the routing (ABA) number is 9 digits');
  });
});

describe('a check taken at the counter', () => {
  it('goes as PPD (ecomind B, written consent), checking as ECHK and savings as ESAV, captured', () => {
    const check = { routing: '036001808', account: '1234567890', name: 'Pat Doe' };
    const checking = authorizationToWire({
      merchid: '496160873888',
      amount: 2500,
      ...achAuthorizationFields({ ...check, accountType: 'checking' }),
    });
    expect(checking).toMatchObject({ ecomind: 'B', accttype: 'ECHK', bankaba: '036001808', capture: 'Y' });
    expect(achAuthorizationFields({ ...check, accountType: 'savings' })).toMatchObject({
      ecomind: 'B',
      accttype: 'ESAV',
    });
  });
});
