import type { AuthorizationRequest } from '../../src-main/lane/gateway/auth-request';

/** An ACH sale as the lane asks the client for one: checking account, routing number, e-commerce. */
export const achSale: AuthorizationRequest = {
  merchid: '496160873888',
  amount: 2500,
  account: '1234567890',
  bankaba: '036001808',
  accttype: 'ECHK',
  ecomind: 'E',
  name: 'Pat Doe',
};
