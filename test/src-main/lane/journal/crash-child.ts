import { noWaitClock } from '../../../support/no-wait-clock';
/**
 * One sale for the crash tests, run as its own process: opens the journal, authorizes through
 * the journal against the emulator, and kills itself with SIGKILL at the stage it is told
 * ("journaled": after the row, before the request; "answered": after the answer, before the
 * row is completed; "completed": after the answer was recorded, printing on its second line
 * the size the write-ahead log had once the row was synced, before the request; "none"). Prints
 * the order id first, so the parent can kill it in between.
 */
import { statSync } from 'node:fs';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { journaledAuthorize } from '../../../../src-main/lane/payment/authorize/journaled-authorization';

const [journalPath, baseUrl, stage, amount, terminalId] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const journal = Journal.open(journalPath, { clock: { now: () => Date.now() }, terminalId });
const client = createGatewayClient({
  baseUrl,
  credentials: { level: 'site', username: 'testing', password: 'testing123' },
  clock: noWaitClock,
});
const orderid = journal.nextOrderId();
process.stdout.write(`${orderid}\n`);
await journaledAuthorize({
  journal,
  client,
  request: {
    merchid: '496160873888',
    amount: Number(amount),
    account: '4788250000121443',
    expiry: '1228',
    orderid,
    capture: true,
  },
  card: { maskedPan: '478825******1443', entryMode: 'keyed' },
  onStage: (reached) => {
    if (reached === stage) process.kill(process.pid, 'SIGKILL');
    // What a power cut could not take: the log as it stood when the row's commit was synced.
    if (stage === 'completed' && reached === 'journaled')
      process.stdout.write(`${statSync(`${journalPath}-wal`).size}\n`);
  },
});
if (stage === 'completed') process.kill(process.pid, 'SIGKILL');
journal.close();
process.stdout.write('done\n');
