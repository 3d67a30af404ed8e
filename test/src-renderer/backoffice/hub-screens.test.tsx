import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HubScreen } from '../../../src-renderer/backoffice/hub/HubScreen';
import { DayPanel } from '../../../src-renderer/backoffice/hub/DayPanel';
import { ExportPanel } from '../../../src-renderer/backoffice/hub/ExportPanel';
import { LanesPanel } from '../../../src-renderer/backoffice/hub/LanesPanel';
import { ProvisionLanePanel } from '../../../src-renderer/backoffice/hub/ProvisionLanePanel';
import { SalesPanel } from '../../../src-renderer/backoffice/hub/SalesPanel';
import { SettingsPushPanel } from '../../../src-renderer/backoffice/hub/SettingsPushPanel';
import { ShiftsPanel } from '../../../src-renderer/backoffice/hub/ShiftsPanel';
import { renderBackOffice } from './stub-backoffice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const lane = {
  id: 'lane-000001',
  storeId: 'store-1',
  name: 'Counter 1',
  kind: 'counter',
  merchantId: '49600000001',
  lastSeenAt: now - 2 * 60_000,
  lastSeq: 42,
  status: {
    readers: [{ name: 'Front reader', state: 'ready' }],
    printer: { state: 'ready', paper: 'low' },
    offlineQueue: 3,
    softwareVersion: '1.0.0',
  },
  settingsVersion: 1,
  settingsRefused: { version: 2, reason: 'tipping.percentages: expected at most 4 choices' },
  journalId: 'j-1',
};
const sale = {
  laneId: 'lane-000001',
  entryId: 7,
  operation: 'sale',
  orderId: 'ORD-7',
  amountMinor: 2500,
  state: 'captured',
  maskedPan: '411111******1111',
  cashier: 'ana',
  createdAt: now,
};

describe('the Store hub screens', () => {
  it('say how to connect when no hub is set, and open Credentials', async () => {
    const { store } = await renderBackOffice(<HubScreen token="t" />, {
      'backoffice.status': () => ({ training: false, version: '1', hub: { url: '', adminKeySet: false } }),
    });
    expect(screen.getByText(/No store hub is connected/).textContent).toContain('lanepoint hub --admin-key');
    fireEvent.click(screen.getByRole('button', { name: /Enter the hub’s address and key/ }));
    expect(store.getState().screen).toBe('credentials');
  });

  it('show each lane’s health: last seen, devices, offline queue, and a refused push in red', async () => {
    const { calls } = await renderBackOffice(<LanesPanel storeId="store-1" now={now} />, {
      'hub.lanes': () => [
        lane,
        {
          ...lane,
          id: 'lane-000002',
          name: 'Kiosk 1',
          kind: 'kiosk',
          lastSeenAt: null,
          status: null,
          settingsRefused: null,
          journalReplaced: true,
        },
      ],
    });
    const table = await screen.findByRole('table', { name: /2 lanes in store store-1/ });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('2 min ago');
    expect(first!.textContent).toContain('Front reader: ready');
    expect(first!.textContent).toContain('ready, paper low');
    const refusal = within(first!).getByText(/Refused version 2/);
    expect(refusal.className).toBe('bo-error');
    expect(refusal.textContent).toContain('tipping.percentages');
    expect(second!.textContent).toContain('never');
    expect(second!.textContent).toContain('Journal replaced');
    expect(calls).toContainEqual(['hub.lanes', { storeId: 'store-1' }]);
    expect(await seriousViolations()).toEqual([]);
  });

  it('search sales and open one sale’s timeline', async () => {
    const { calls } = await renderBackOffice(<SalesPanel storeId="store-1" />, {
      'hub.lanes': () => [lane],
      'hub.sales': () => [sale],
      'hub.sale': () => ({
        payment: sale,
        events: [
          { seq: 1, kind: 'payment', label: 'sale started', at: now },
          { seq: 2, kind: 'payment', label: 'captured', at: now + 1000 },
        ],
      }),
    });
    await screen.findByRole('option', { name: 'Counter 1' });
    fireEvent.change(screen.getByLabelText('Order id, last four or cashier'), { target: { value: '1111' } });
    fireEvent.change(screen.getByLabelText('Lane'), { target: { value: 'lane-000001' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(calls).toContainEqual(['hub.sales', { storeId: 'store-1', q: '1111', laneId: 'lane-000001' }]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'ORD-7' })));
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(': ')[1]),
    ).toEqual(['sale started', 'captured']);
    expect(calls).toContainEqual(['hub.sale', { laneId: 'lane-000001', entryId: 7 }]);
    expect(await seriousViolations()).toEqual([]);
  });

  it('check a settings document before sending it, then push it and show each lane’s answer', async () => {
    const { calls } = await renderBackOffice(<SettingsPushPanel storeId="store-1" />, {
      'hub.pushes': () => ({
        pushes: [{ version: 2, storeId: 'store-1', document: { settings: { tipping: {} } }, pushedAt: now }],
        lanes: [{ laneId: 'lane-000001', settingsVersion: 1, settingsRefused: { version: 2, reason: 'tipping: bad' } }],
      }),
      'hub.pushSettings': () => ({ version: 3 }),
    });
    const editor = screen.getByLabelText('Settings document (JSON)');
    fireEvent.change(editor, { target: { value: '{"settings": ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Push to every lane' })));
    expect(screen.getByRole('alert').textContent).toMatch(/^Not JSON/);
    fireEvent.change(editor, { target: { value: '{"settings": []}' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Push to every lane' })));
    expect(screen.getByRole('alert').textContent).toContain('"settings": an object');
    expect(calls.some(([name]) => name === 'hub.pushSettings')).toBe(false);
    fireEvent.change(editor, { target: { value: '{"settings": {"receipt": {"footer": "Thanks"}}}' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Push to every lane' })));
    expect(calls).toContainEqual([
      'hub.pushSettings',
      { storeId: 'store-1', document: { settings: { receipt: { footer: 'Thanks' } } } },
    ]);
    expect(screen.getByText(/Pushed as version 3/)).toBeTruthy();
    const lanes = screen.getByRole('table', { name: 'Each lane’s settings' });
    expect(within(lanes).getByText(/Version 2: tipping: bad/).className).toBe('bo-error');
    expect(await seriousViolations()).toEqual([]);
  });

  it('show shifts by cashier with over or short', async () => {
    await renderBackOffice(<ShiftsPanel storeId="store-1" />, {
      'hub.shifts': () => [
        {
          laneId: 'lane-000001',
          shiftId: 1,
          openedBy: 'ana',
          openedAt: now,
          floatMinor: 10000,
          closedBy: 'ana',
          closedAt: now + 3_600_000,
          countedMinor: 12450,
          expectedMinor: 12500,
        },
        {
          laneId: 'lane-000002',
          shiftId: 4,
          openedBy: 'bo',
          openedAt: now,
          floatMinor: 10000,
          closedAt: null,
          countedMinor: null,
          expectedMinor: null,
        },
      ],
    });
    const table = await screen.findByRole('table', { name: /Shifts on/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['ana', 'bo']);
    expect(rows[0]!.textContent).toContain('short $0.50');
    expect(rows[1]!.textContent).toContain('open');
    expect(await seriousViolations()).toEqual([]);
  });

  it('show the end of day per lane and per merchant with the settlement line', async () => {
    const totals = {
      cardSalesMinor: 2500,
      cardSalesCount: 1,
      refundsMinor: 0,
      refundsCount: 0,
      voidsMinor: 0,
      voidsCount: 0,
      cashSalesMinor: 0,
      cashReturnedMinor: 0,
      tipsMinor: 0,
      surchargesMinor: 0,
      offlineStoredMinor: 0,
      offlineForwardedMinor: 0,
      offlineDeclinedMinor: 0,
      unknownCount: 0,
      noSales: 0,
    };
    await renderBackOffice(<DayPanel storeId="store-1" />, {
      'hub.day': () => ({
        day: '2026-01-01',
        storeId: 'store-1',
        lanes: [{ laneId: 'lane-000001', totals }],
        merchants: [{ merchantId: '49600000001', totals, settlement: { batchId: '1900', settledMinor: 2500 } }],
        totals,
      }),
    });
    const perLane = await screen.findByRole('table', { name: 'Per lane, 2026-01-01' });
    expect(within(perLane).getByRole('rowheader', { name: 'Store total' }).parentElement!.textContent).toContain(
      '$25.00 (1)',
    );
    const perMerchant = screen.getByRole('table', { name: /Per merchant/ });
    expect(perMerchant.textContent).toContain('Settlement: batchId 1900, settledMinor $25.00');
    expect(perMerchant.textContent).toContain('Funding: not yet');
    expect(await seriousViolations()).toEqual([]);
  });

  it('provision a lane: the file to save, with a warning that it holds the key and is shown once', async () => {
    const { calls } = await renderBackOffice(<ProvisionLanePanel storeId="store-1" />, {
      'hub.provisionLane': () => ({
        lane: { ...lane, name: 'Kiosk 1', kind: 'kiosk' },
        fileName: 'lane-lane-000001.json',
        content: '{"version": 2}',
      }),
    });
    URL.createObjectURL ??= () => 'blob:lane';
    URL.revokeObjectURL ??= () => undefined;
    fireEvent.change(screen.getByLabelText('Lane name'), { target: { value: 'Kiosk 1' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'kiosk' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Create the lane on the hub' })));
    expect(calls).toContainEqual(['hub.provisionLane', { storeId: 'store-1', name: 'Kiosk 1', kind: 'kiosk' }]);
    const link = screen.getByRole('link', { name: 'Save lane-lane-000001.json' });
    expect(link.getAttribute('download')).toBe('lane-lane-000001.json');
    expect(screen.getByRole('note').textContent).toContain('holds the lane’s key to the hub. It is shown once');
    expect(await seriousViolations()).toEqual([]);
  });

  it('provision a lane on an integrated terminal: the key saved once, the HSN picked from the listed terminals, one another lane has not pickable', async () => {
    let keySet = false;
    const { calls } = await renderBackOffice(<ProvisionLanePanel storeId="store-1" />, {
      'backoffice.status': () => ({ training: false, version: '1', integratedTerminal: { apiKeySet: keySet } }),
      'terminals.setApiKey': () => {
        keySet = true;
        return { apiKeySet: true };
      },
      'terminals.list': () => [
        {
          hsn: '15225SC90709732',
          name: 'Front counter',
          deviceType: 'iSC250 Touch',
          connected: true,
          heldBy: { laneId: 'lane-000001', laneName: 'Counter 1' },
        },
        { hsn: 'C042UQ93160289', name: '', deviceType: 'Mini 2', connected: true, heldBy: null },
      ],
      'hub.provisionLane': () => ({
        lane: { ...lane, id: 'lane-000002', name: 'Counter 2' },
        fileName: 'lane-lane-000002.json',
        content: '{"version": 3}',
      }),
    });
    URL.createObjectURL ??= () => 'blob:lane';
    URL.revokeObjectURL ??= () => undefined;
    const choice = screen.getByRole('group', { name: 'Takes cards on' });
    expect(within(choice).getByRole<HTMLInputElement>('radio', { name: 'Its own reader' }).checked).toBe(true);
    expect(screen.queryByLabelText('Terminal (HSN)')).toBeNull();
    fireEvent.click(within(choice).getByRole('radio', { name: 'An integrated terminal' }));
    expect(screen.getByLabelText('Terminal API key').getAttribute('type')).toBe('password');
    expect(screen.getByText(/No key saved yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Lane name'), { target: { value: 'Counter 2' } });
    fireEvent.change(screen.getByLabelText('Terminal API site URL'), {
      target: { value: 'https://site.cardpointe.com' },
    });
    fireEvent.change(screen.getByLabelText('Terminal merchant id'), { target: { value: '496160873888' } });
    fireEvent.change(screen.getByLabelText('Terminal API key'), { target: { value: 'the-terminal-key' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'List the terminals' })));
    expect(calls).toContainEqual(['terminals.setApiKey', { apiKey: 'the-terminal-key' }]);
    expect(calls).toContainEqual([
      'terminals.list',
      { baseUrl: 'https://site.cardpointe.com', merchantId: '496160873888', storeId: 'store-1' },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Terminal API key').value).toBe('');
    expect(screen.getByText(/A key is saved/)).toBeTruthy();
    const picker = screen.getByLabelText<HTMLSelectElement>('Terminal (HSN)');
    expect(picker.disabled).toBe(false);
    const options = within(picker).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([
      ['15225SC90709732 \u2013 iSC250 Touch, Front counter (lane Counter 1 has it)', true],
      ['C042UQ93160289 \u2013 Mini 2', false],
    ]);
    expect(picker.value).toBe('C042UQ93160289');
    expect(screen.getByText('2 terminals listed, 1 free in this store.')).toBeTruthy();
    // Another merchant id lists other terminals: the pick goes until they are listed again.
    fireEvent.change(screen.getByLabelText('Terminal merchant id'), { target: { value: '820000000001' } });
    expect(screen.getByLabelText<HTMLSelectElement>('Terminal (HSN)').value).toBe('');
    fireEvent.change(screen.getByLabelText('Terminal merchant id'), { target: { value: '496160873888' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'List the terminals' })));
    expect(screen.getByLabelText<HTMLSelectElement>('Terminal (HSN)').value).toBe('C042UQ93160289');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Create the lane on the hub' })));
    expect(calls).toContainEqual([
      'hub.provisionLane',
      {
        storeId: 'store-1',
        name: 'Counter 2',
        kind: 'counter',
        integratedTerminal: {
          baseUrl: 'https://site.cardpointe.com',
          merchantId: '496160873888',
          hsn: 'C042UQ93160289',
        },
      },
    ]);
    expect(screen.getByRole('note').textContent).toContain('key to the hub and the Terminal API key. It is shown once');
    expect(await seriousViolations()).toEqual([]);
  });

  it('refuse to provision a terminal lane before a terminal is picked, without calling the hub', async () => {
    const { calls } = await renderBackOffice(<ProvisionLanePanel storeId="store-1" />, {});
    fireEvent.click(screen.getByRole('radio', { name: 'An integrated terminal' }));
    fireEvent.change(screen.getByLabelText('Lane name'), { target: { value: 'Counter 2' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Create the lane on the hub' })));
    expect(screen.getByRole('alert').textContent).toBe('Terminal (HSN): list the terminals and choose one.');
    expect(calls.map(([name]) => name)).not.toContain('hub.provisionLane');
  });

  it('open a store\u2019s lanes once its id is entered, with the panels in a navigation of their own', async () => {
    const { calls } = await renderBackOffice(<HubScreen token="t" />, {
      'backoffice.status': () => ({
        training: false,
        version: '1',
        hub: { url: 'http://127.0.0.1:8713', adminKeySet: true },
      }),
      'hub.lanes': () => [lane],
    });
    expect(screen.getByText('Enter the store id to see its lanes and sales.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Store id'), { target: { value: 'store-1' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Show this store' })));
    expect(await screen.findByRole('table', { name: /1 lane in store store-1/ })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Store hub' });
    expect(within(nav).getByRole('button', { name: 'Lanes' }).getAttribute('aria-current')).toBe('page');
    expect(calls).toContainEqual(['hub.lanes', { storeId: 'store-1' }]);
    expect(await seriousViolations()).toEqual([]);
  });

  it('fetch the CSV from the back office host with the session token and offer it to save, or say why not', async () => {
    const sent: Array<[string, RequestInit | undefined]> = [];
    let answer = new Response('lane,entry\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      sent.push([url, init]);
      return answer;
    });
    URL.createObjectURL ??= () => 'blob:csv';
    URL.revokeObjectURL ??= () => undefined;
    await renderBackOffice(<ExportPanel storeId="store-1" token="session-token" />, {});
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-01-01' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Prepare the CSV' })));
    expect(sent[0]![0]).toBe('/hub/export.csv?store=store-1&day=2026-01-01');
    expect(sent[0]![1]).toMatchObject({ method: 'POST', headers: { 'x-lanepoint-token': 'session-token' } });
    expect(screen.getByRole('link', { name: 'Save sales-store-1-2026-01-01.csv' })).toBeTruthy();
    answer = new Response(
      JSON.stringify({
        ok: false,
        error: { code: 'unavailable', message: 'The hub at http://127.0.0.1:8713 did not answer.' },
      }),
      { status: 503 },
    );
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Prepare the CSV' })));
    expect(screen.getByRole('alert').textContent).toBe('The hub at http://127.0.0.1:8713 did not answer.');
  });
});
