import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CredentialsScreen } from '../../../src-renderer/backoffice/screens/CredentialsScreen';
import { renderBackOffice } from './stub-backoffice';

afterEach(cleanup);

const live = {
  name: 'Lanepoint back office',
  version: '1.0.0',
  shell: 'browser',
  training: false,
  boardingUrl: 'https://boarding.example.test/api',
  authUrl: '',
  gatewayUrl: 'https://gateway.example.test:6443',
  credentials: { set: true, apiUser: 'reseller-api', clientId: 'merchapi' },
  trainingChoices: null,
  laneSettingsFile: '/tmp/lane/settings.json',
  hub: { url: '', adminKeySet: false },
};

describe('where a live back office boards', () => {
  it('shows the saved addresses and saves changed ones through backoffice.configure', async () => {
    const { calls } = await renderBackOffice(<CredentialsScreen />, {
      'backoffice.status': () => live,
      'backoffice.configure': (args) => ({ ...live, ...(args as object) }),
    });
    const boarding = screen.getByLabelText('Boarding service URL') as HTMLInputElement;
    expect(boarding.value).toBe('https://boarding.example.test/api');
    expect((screen.getByLabelText('Gateway URL for lanes') as HTMLInputElement).value).toBe(
      'https://gateway.example.test:6443',
    );
    fireEvent.change(boarding, { target: { value: 'https://boarding.example.test/v2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save addresses' })));
    expect(calls.find(([name]) => name === 'backoffice.configure')?.[1]).toEqual({
      boardingUrl: 'https://boarding.example.test/v2',
      authUrl: '',
      gatewayUrl: 'https://gateway.example.test:6443',
    });
    expect(await screen.findByText('Saved: the back office boards at these addresses from now on.')).toBeTruthy();
  });

  it('cannot be changed in training, which runs its own services', async () => {
    await renderBackOffice(<CredentialsScreen />, {
      'backoffice.status': () => ({ ...live, training: true, boardingUrl: 'http://127.0.0.1:40001' }),
    });
    expect(screen.getByLabelText('Boarding service URL').matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Save addresses' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Training runs its own boarding service and gateway on this computer.')).toBeTruthy();
  });

  it('saves the store hub\u2019s address and its admin key, and never shows the key again', async () => {
    let saved = live;
    const { calls } = await renderBackOffice(<CredentialsScreen />, {
      'backoffice.status': () => saved,
      'backoffice.configure': (args) =>
        (saved = { ...saved, hub: { ...saved.hub, url: (args as { hubUrl: string }).hubUrl } }),
      'hub.setAdminKey': () => {
        saved = { ...saved, hub: { ...saved.hub, adminKeySet: true } };
        return { adminKeySet: true };
      },
    });
    expect(screen.getByText('No admin key saved yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hub URL'), { target: { value: 'http://127.0.0.1:8713' } });
    fireEvent.change(screen.getByLabelText('Admin key'), { target: { value: 'secret-admin-key' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save hub' })));
    expect(calls.filter(([name]) => name === 'backoffice.configure' || name === 'hub.setAdminKey')).toEqual([
      ['backoffice.configure', { hubUrl: 'http://127.0.0.1:8713' }],
      ['hub.setAdminKey', { adminKey: 'secret-admin-key' }],
    ]);
    expect(await screen.findByText(/The hub\u2019s admin key is saved/)).toBeTruthy();
    expect((screen.getByLabelText('Admin key') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Hub URL') as HTMLInputElement).value).toBe('http://127.0.0.1:8713');
  });
});
