import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalRefusal, StaffSession } from '../../../src-main/lane/ipc/contract';
import { renderCounter } from '../support/render-counter';

afterEach(cleanup);

const missing: JournalRefusal = {
  cause: 'missing',
  file: '/home/cashier/.config/lanepoint/journal.sqlite',
  message:
    'The journal /home/cashier/.config/lanepoint/journal.sqlite has disappeared, with the record of this lane\u2019s payments. Restore it from a backup and restart, or a manager acknowledges to start a new journal.',
  acknowledgeable: true,
};
const manager: StaffSession = { cashierId: '9001', name: 'Trainer', role: 'manager', since: 0 };

describe('<JournalRefusalNotice />', () => {
  it('says in words why the lane will not sell, and tells a cashier to fetch a manager', async () => {
    await renderCounter({ answers: { 'journal.refusal': () => missing } });
    const notice = await screen.findByTestId('journal-refusal');
    expect(notice.textContent).toContain('This lane cannot take payments');
    expect(notice.textContent).toContain(missing.message);
    expect(notice.textContent).toContain('Ask a manager to sign in here and acknowledge it.');
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });

  it('gives a manager the acknowledgement, and goes away when the main process says the journal is in order', async () => {
    const { calls } = await renderCounter({
      session: manager,
      answers: { 'journal.refusal': () => missing, 'journal.acknowledge': () => null },
    });
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge and start a new journal' })),
    );
    expect(calls.filter(([name]) => name === 'journal.acknowledge')).toEqual([['journal.acknowledge', {}]]);
    expect(screen.queryByTestId('journal-refusal')).toBeNull();
  });

  it('offers nothing to acknowledge for a journal from a newer version, only its sentence; an event brings the notice', async () => {
    const { emit } = await renderCounter({ session: manager });
    expect(screen.queryByTestId('journal-refusal')).toBeNull();
    const newer: JournalRefusal = {
      cause: 'newer-schema',
      file: '/j.sqlite',
      message:
        'The journal /j.sqlite was written by a newer version of Lanepoint. Run that version: this one never downgrades a journal.',
      acknowledgeable: false,
    };
    await act(async () => emit('journal.refusal', newer));
    expect(screen.getByTestId('journal-refusal').textContent).toContain(newer.message);
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });
});
