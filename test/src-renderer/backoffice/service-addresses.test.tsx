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
});
