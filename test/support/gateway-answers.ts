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

export const timeoutAnswer = {
  respstat: 'B',
  respcode: '62',
  resptext: 'Timed out',
  respproc: 'PPS',
  retref: '343005123107',
  merchid: '496160873888',
  amount: '0.00',
};
