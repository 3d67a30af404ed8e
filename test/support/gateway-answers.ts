/** Answers shaped like the gateway's documentation, for parser and client tests. */
export const approvedAnswer = {
  amount: '12.34',
  resptext: 'Approval',
  commcard: 'N',
  cvvresp: 'M',
  batchid: '1900941444',
  avsresp: 'Y',
  respcode: '00',
  merchid: '496160873888',
  token: '9418594164541111',
  authcode: 'PPS568',
  respproc: 'RPCT',
  bintype: 'Purchase',
  retref: '343005123105',
  respstat: 'A',
  account: '9418594164541111',
  expiry: '1228',
  entrymode: 'EMVContact',
  emvTagData:
    '{"TVR":"0200008000","PIN":"Verified by PIN","Signature":"false","Mode":"Issuer","ARC":"00","Network Label":"AMEX","TSI":"E800","AID":"A000000025010802","IAD":"06020103A40000","Entry method":"Chip Read","Application Label":"AMEX 2"}',
  receipt: {
    dateTime: '20261122121314',
    dba: 'Corner Store',
    address1: '1 Main St',
    address2: 'Springfield, IL',
    phone: '8005551234',
    header: '',
    footer: 'Thank you',
    nameOnCard: 'PAT DOE',
    orderNote: '',
    items: '',
  },
};

/** A declined sale (RPCT 05). */
export const declinedAnswer = {
  respstat: 'C',
  respcode: '05',
  resptext: 'Do not honor',
  respproc: 'RPCT',
  retref: '343005123106',
  merchid: '496160873888',
  account: '9438751111111038',
  amount: '0.00',
  authcode: null,
};

/** The processor never answered (PPS 62): retry. */
export const timeoutAnswer = {
  respstat: 'B',
  respcode: '62',
  resptext: 'Timed out',
  respproc: 'PPS',
  retref: '343005123107',
  merchid: '496160873888',
  amount: '0.00',
};

/** A transaction record as inquire and inquireByOrderid answer it: a captured chip sale. */
export const inquiredRecord = {
  merchid: '496160873888',
  orderId: 'LANE01-000123',
  account: '9418594164541443',
  amount: '12.34',
  currency: 'USD',
  retref: '343005123105',
  respcode: '00',
  respproc: 'RPCT',
  respstat: 'A',
  resptext: 'Approval',
  batchid: '1900941444',
  setlstat: 'Queued for Capture',
  capturedate: '20261122121314',
  entrymode: 'V',
  authdate: '20261122',
  lastfour: '1443',
  name: 'PAT DOE',
  bintype: 'Purchase',
  emvTagData: '{"TVR":"0000008000","Signature":"true","Entry method":"Chip Read"}',
  receipt: { dba: 'Corner Store' },
  userfield: [{ lane: '3' }, { shift: 'am' }],
  voidable: 'Y',
  refundable: 'N',
};

/** A full void's answer (void or voidByOrderId): nothing left of the amount, authcode REVERS. */
export const fullVoidAnswer = {
  merchid: '496160873888',
  orderId: 'LANE01-000123',
  amount: '0.00',
  currency: 'USD',
  retref: '343005123105',
  authcode: 'REVERS',
  respcode: '00',
  respproc: 'RPCT',
  respstat: 'A',
  resptext: 'Approval',
};

/** The gateway's PPS 29: it holds no such transaction. */
export const txnNotFoundAnswer = {
  respproc: 'PPS',
  respcode: '29',
  respstat: 'C',
  resptext: 'Txn not found',
  merchid: '496160873888',
};

/** One settlestat batch: a settled sale and a queued one. */
export const settlementBatch = {
  respproc: 'RPCT',
  hostbatch: '1900941444',
  batchid: '1900941444',
  hoststat: 'GB',
  merchid: '496160873888',
  txns: [
    {
      setlamount: '12.34',
      setlstat: 'Y',
      salesdoc: 'LANE01-000123',
      retref: '343005123105',
      authcode: 'PPS568',
      cardtype: 'VISA',
    },
    { setlamount: '5.00', setlstat: 'Q', retref: '343005123106' },
  ],
};
