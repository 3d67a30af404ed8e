import { describe, expect, it } from 'vitest';
import { until } from '../../support/until';
import { request, scripted } from './scripted-device';

describe('the PAE driver, frame by frame', () => {
  it('sends DPT with the order id and amount, in the guide’s layout', async () => {
    const { commands, terminal, answer } = await scripted();
    const paying = terminal.pay(request);
    await until(() => commands.length === 1);
    expect(commands[0]).toEqual({
      key: 'DPT',
      type: 'CMD',
      code: '1',
      data: '{"orderId":"LANE01-260101-7","paymentAmount":500,"paymentType":1,"paymentUser":"Kiosk"}',
    });
    await answer('DPT', '02010000', '{"LCD_Code":13,"LCD_Msg":"INSERT CARD"}');
    await answer(
      'DPT',
      '01F40000',
      '{"externalTransactionID":"LANE01-260101-7","processorReference":"123456789012","amountAuthorized":"500","authorization":"A1"}',
    );
    await expect(paying).resolves.toMatchObject({ outcome: 'accepted', processorReference: '123456789012' });
  });

  it('passes LCD prompts through garbage and a damaged frame, reporting both', async () => {
    const { terminal, answer, raw, errors, commands } = await scripted();
    const prompts: string[] = [];
    const paying = terminal.pay(request, { onPrompt: (prompt) => prompts.push(prompt.message) });
    await until(() => commands.length === 1);
    await raw('\x00\x13junk');
    await raw('*PAE|DPT|RESP|02010000|{"LCD_Code":26,"LCD_Msg":"PROCESSING..."}|1|*!PAE!*');
    await answer('DPT', '02010000', '{"LCD_Code":21,"LCD_Msg":"AUTHORIZING..."}');
    await answer(
      'DPT',
      '01F50000',
      '{"externalTransactionID":"LANE01-260101-7","processorCode":"05","processorMsg":"Do not honor","processorReference":"9"}',
    );
    await expect(paying).resolves.toMatchObject({ outcome: 'declined', processorMsg: 'Do not honor' });
    expect(prompts).toEqual(['AUTHORIZING...']);
    expect(errors.map((error) => error.message)).toEqual([
      'PAE frame: 6 characters outside a frame were skipped',
      'a DPT RESP frame failed its checksum: it says 1, its text gives 21106',
    ]);
  });

  it.each([
    ['01F80000', 'refused', 'Payment already in progress'],
    ['01F90000', 'refused', 'Timed out waiting for card'],
    ['01FB0000', 'canceled', 'canceled before a card was read'],
    ['00FE0000', 'refused', 'Failed to send HTTP request'],
  ])('fails a DPT answered %s with kind %s', async (code, kind, words) => {
    const { commands, terminal, answer } = await scripted();
    const paying = terminal.pay(request);
    await until(() => commands.length === 1);
    await answer('DPT', code, 'text');
    await expect(paying).rejects.toMatchObject({ kind, code, message: expect.stringContaining(words) });
  });

  it('fails the command sent last when the device answers a PAE internal error', async () => {
    const { commands, terminal, answer } = await scripted();
    const status = terminal.status();
    await until(() => commands.length === 1);
    await answer('PAE', '00CB0000');
    await expect(status).rejects.toMatchObject({
      kind: 'refused',
      code: '00CB0000',
      message: 'the payment device refused the GCS: Invalid checksum value',
    });
  });

  it('sends CPT, GCS and GTI while a DPT runs, but not a second DPT', async () => {
    const { commands, terminal, answer } = await scripted();
    const paying = terminal.pay(request);
    await expect(terminal.pay(request)).rejects.toMatchObject({ kind: 'busy' });
    const info = terminal.terminalInfo();
    const cancel = terminal.cancelPayment();
    await until(() => commands.length === 3);
    expect(commands.map((command) => command.key)).toEqual(['DPT', 'GTI', 'CPT']);
    await answer('GTI', '00000000', '{"SerialNum":"X1"}');
    await answer('CPT', '00000000', 'Payment canceled');
    await answer('DPT', '01FB0000', 'Payment canceled by POS');
    await expect(info).resolves.toEqual({ SerialNum: 'X1' });
    await expect(cancel).resolves.toEqual({ canceled: true });
    await expect(paying).rejects.toMatchObject({ kind: 'canceled' });
  });

  it('times out on its clock: a silent reboot, a DPT whose answer never came', async () => {
    const { clock, commands, terminal } = await scripted();
    const reboot = terminal.reboot();
    const paying = terminal.pay(request);
    await until(() => commands.length === 2);
    clock.advance(5000);
    await expect(reboot).rejects.toMatchObject({ kind: 'timeout', message: expect.stringContaining('RBT within 5 s') });
    clock.advance(55_000);
    await expect(paying).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('DPT within 60 s'),
    });
  });

  it('fails what waits when the device is unplugged, and refuses a bad request before sending it', async () => {
    const { commands, terminal, host } = await scripted();
    const paying = terminal.pay(request);
    await until(() => commands.length === 1);
    host.unplug();
    await expect(paying).rejects.toMatchObject({ kind: 'disconnected' });
    await expect(terminal.pay({ ...request, amountMinor: 0 })).rejects.toThrow(/amountMinor/);
    expect(commands).toHaveLength(1);
  });

  it('ignores answers nobody waits for, such as "DPT finished" after the result', async () => {
    const { commands, terminal, answer } = await scripted();
    const paying = terminal.pay(request);
    await until(() => commands.length === 1);
    await answer('DPT', '01F40000', '{"externalTransactionID":"LANE01-260101-7","processorReference":"1"}');
    await answer('DPT', '01F402FE', 'DPT finished');
    await expect(paying).resolves.toMatchObject({ processorReference: '1' });
    const status = terminal.status();
    await until(() => commands.length === 2);
    await answer('GCS', '00000000', '{"InPayment":0}');
    await expect(status).resolves.toEqual({ InPayment: 0 });
  });

  it.each([
    ['an approval', '01F40000', '{"processorReference":"123456789012","amountAuthorized":"999999"}'],
    ['a decline', '01F50000', '{"processorCode":"05","processorMsg":"Do not honor"}'],
  ])('does not take %s without its externalTransactionID as this payment’s', async (_what, code, data) => {
    const { commands, terminal, answer } = await scripted();
    const paying = terminal.pay(request);
    await until(() => commands.length === 1);
    await answer('DPT', code, data);
    await expect(paying).rejects.toMatchObject({
      kind: 'malformed',
      message: expect.stringContaining('without its externalTransactionID'),
    });
  });
});
