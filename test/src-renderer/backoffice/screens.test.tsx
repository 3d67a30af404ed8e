import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { NewApplicationScreen } from '../../../src-renderer/backoffice/screens/NewApplicationScreen';
import { ApplicationScreen } from '../../../src-renderer/backoffice/screens/ApplicationScreen';
import { createRequest } from '../../../src-renderer/backoffice/application-form';
import { cardShoppe } from './card-shoppe';
import { renderBackOffice } from './stub-backoffice';

/** The code lists the form's choices come from, as the emulator answers them (a few codes each). */
const codeLists: Record<string, Array<{ code: string; name: string }>> = {
  stateCodes: [{ code: 'CO', name: 'Colorado' }],
  countryCodes: [{ code: 'US', name: 'United States of America' }],
  bankAcctTypes: [{ code: 'BIZ', name: 'Business Checking' }],
};
const lookups = (args: unknown) => codeLists[(args as { list: string }).list] ?? [];

/** Serious and critical axe-core violations in the rendered document (jsdom: no colour checks). */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

afterEach(cleanup);

describe('New application', () => {
  it('lists every problem naming its field and puts the focus on the first one, sending nothing', async () => {
    const { calls } = await renderBackOffice(<NewApplicationScreen />, {});
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Save application/ })));
    const list = screen.getByRole('list', { name: 'What to fix before saving' });
    expect(list.textContent).toContain('Application template id is required.');
    expect(list.textContent).toContain('Owner email is required.');
    expect(document.activeElement?.id).toBe('f-templateId');
    expect(screen.getByLabelText('Doing-business-as name', { exact: false }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some(([name]) => name === 'applications.create')).toBe(false);
  });

  it('takes a problem away as soon as its field is fixed, leaving the others', async () => {
    await renderBackOffice(<NewApplicationScreen />, {});
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Save application/ })));
    const field = document.getElementById('f-templateId')!;
    await act(async () => void fireEvent.change(field, { target: { value: '999' } }));
    const list = screen.getByRole('list', { name: 'What to fix before saving' });
    expect(list.textContent).not.toContain('Application template id');
    expect(list.textContent).toContain('Sales code is required.');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(document.getElementById('f-templateId-problem')).toBeNull();
  });

  it('saves the minimal application and opens it', async () => {
    const rendered = await renderBackOffice(<NewApplicationScreen />, {
      'applications.create': () => ({ merchantId: '700000000001' }),
      'lookups.get': lookups,
    });
    const draft = cardShoppe();
    await screen.findAllByRole('option', { name: 'Colorado (CO)' });
    for (const [path, value] of Object.entries(draft.values)) {
      const field = document.getElementById(`f-${path.replace(/\./g, '-')}`) as HTMLInputElement | null;
      if (field) fireEvent.change(field, { target: { value } });
    }
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Save application/ })));
    const sent = rendered.calls.find(([name]) => name === 'applications.create');
    expect(sent?.[1]).toEqual(createRequest(draft));
    expect(rendered.store.getState()).toMatchObject({ screen: 'application', merchantId: '700000000001' });
  });

  it('shows the main side\u2019s reason when it refuses', async () => {
    await renderBackOffice(<NewApplicationScreen />, {
      'lookups.get': lookups,
      'applications.create': () => {
        throw { code: 'failed_precondition', message: 'merchant.salesCode: SC100 is not a sales code of this partner' };
      },
    });
    await screen.findAllByRole('option', { name: 'Colorado (CO)' });
    for (const [path, value] of Object.entries(cardShoppe().values)) {
      const field = document.getElementById(`f-${path.replace(/\./g, '-')}`);
      if (field) fireEvent.change(field, { target: { value } });
    }
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Save application/ })));
    expect(screen.getByRole('alert').textContent).toBe('merchant.salesCode: SC100 is not a sales code of this partner');
  });

  it('has no serious accessibility problem, with its problems showing', async () => {
    await renderBackOffice(<NewApplicationScreen />, {});
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Save application/ })));
    expect(await seriousViolations()).toEqual([]);
  });
});

const detail = (
  status: string,
  signature: string,
  extra: { signatureUrl?: string; gatewayMerchantId?: string } = {},
) => ({
  merchantId: '700000000001',
  dbaName: 'The Card Shoppe',
  createdAt: '2025-01-02T10:00:00.000Z',
  status,
  gatewayStatus: extra.gatewayMerchantId ? 'BOARDED' : 'NOT_BOARDED',
  signatureStatus: signature,
  gatewayMerchantId: extra.gatewayMerchantId ?? null,
  checkedAt: '2025-01-02T10:00:00.000Z',
  merchant: createRequest(cardShoppe()).merchant,
  merchantStatus: { boardingProcessStatusCd: status },
  signature: { signatureStatusCd: signature, signatureUrl: extra.signatureUrl ?? null },
  ownerSiteUser: null,
  editable: status === 'INPROG',
  timeline: [
    { at: '2025-01-02T10:00:00.000Z', status: 'INPROG', gatewayStatus: 'NOT_BOARDED', signatureStatus: 'NOT_SENT' },
  ],
});

const sections = {
  'applications.customFields': () => [],
  'applications.ownerUser': () => ({ firstName: 'Forename', lastName: 'Surname', email: 'name@email.com' }),
  'applications.attachments': () => [],
  'equipment.catalog': () => ({
    rows: [],
    totalServerItemsCount: 0,
    totalDisplayItemsCount: 0,
    moreRowsAvailable: false,
  }),
  'orders.list': () => ({ rows: [], totalServerItemsCount: 0, totalDisplayItemsCount: 0, moreRowsAvailable: false }),
};

describe('The application', () => {
  it('requests the signature and shows the link as text and QR code', async () => {
    let current = detail('INPROG', 'NOT_SENT');
    const link = 'http://127.0.0.1:9/sign/700000000001/abc';
    await renderBackOffice(<ApplicationScreen merchantId="700000000001" token="t" />, {
      ...sections,
      'applications.get': () => current,
      'signature.request': () => {
        current = detail('OFS', 'PENDING', { signatureUrl: link });
        return { signatureUrl: link, application: current };
      },
    });
    await screen.findByRole('heading', { name: 'The Card Shoppe' });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Request signature' })));
    expect((screen.getByLabelText('Signing link for the owner') as HTMLTextAreaElement).value).toBe(link);
    const qr = await screen.findByRole('img', { name: 'QR code of the signing link' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: 'Retract signature' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves its timeline on with the application.status event, and opens provisioning once boarded', async () => {
    let current = detail('OFS', 'PENDING', { signatureUrl: 'http://127.0.0.1:9/sign/1/x' });
    const rendered = await renderBackOffice(<ApplicationScreen merchantId="700000000001" token="t" />, {
      ...sections,
      'applications.get': () => current,
    });
    await screen.findByRole('heading', { name: 'The Card Shoppe' });
    const currentStep = () => document.querySelector('.timeline [aria-current="step"]')?.getAttribute('data-status');
    expect(currentStep()).toBe('OFS');
    expect(screen.getByRole('button', { name: 'Provision this lane' }).hasAttribute('disabled')).toBe(true);
    const event = (status: string, gatewayMerchantId?: string) => {
      const application = detail(status, 'SIGNED', { gatewayMerchantId });
      return {
        merchantId: '700000000001',
        entry: {
          at: `2025-01-0${status.length}T10:00:00.000Z`,
          status,
          gatewayStatus: application.gatewayStatus,
          signatureStatus: 'SIGNED',
        },
        application,
      };
    };
    current = detail('UNDER', 'SIGNED');
    await act(async () => rendered.emit('application.status', event('UNDER')));
    expect(currentStep()).toBe('UNDER');
    expect(screen.getByText(new Date('2025-01-05T10:00:00.000Z').toLocaleString())).toBeTruthy();
    current = detail('BOARDED', 'SIGNED', { gatewayMerchantId: '800000000123' });
    await act(async () => rendered.emit('application.status', event('BOARDED', '800000000123')));
    expect(currentStep()).toBe('BOARDED');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Provision this lane' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByText('800000000123')).toBeTruthy();
  });

  it('has no serious accessibility problem', async () => {
    await renderBackOffice(<ApplicationScreen merchantId="700000000001" token="t" />, {
      ...sections,
      'applications.get': () => detail('OFS', 'PENDING', { signatureUrl: 'http://127.0.0.1:9/sign/1/x' }),
    });
    await screen.findByRole('img', { name: 'QR code of the signing link' });
    expect(await seriousViolations()).toEqual([]);
  });
});
