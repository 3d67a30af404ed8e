import { useState } from 'react';
import type { TerminalChoice } from '../api-types';
import { ActionResult } from '../components/ActionResult';
import { SettingField } from '../components/SettingField';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';

/** What the new lane takes cards on; for a terminal, where its service is and which terminal. */
export interface CardTaking {
  readonly device: 'reader' | 'integrated-terminal';
  readonly baseUrl: string;
  readonly merchantId: string;
  readonly hsn: string;
}

export const ownReader: CardTaking = { device: 'reader', baseUrl: '', merchantId: '', hsn: '' };

/** A terminal's line in the picker: its HSN, model and name, and the lane that has it. */
function choiceText(choice: TerminalChoice): string {
  const about = [choice.deviceType, choice.name].filter((part) => part !== '').join(', ');
  const held = choice.heldBy ? ` (lane ${choice.heldBy.laneName} has it)` : '';
  return `${choice.hsn}${about ? ` \u2013 ${about}` : ''}${held}`;
}

/**
 * "Takes cards on": the lane's own reader, or an integrated terminal (CardPointe Terminal API).
 * For a terminal, the service's site and the merchant id, the API key (kept in the back office's
 * secret store, entered once and never shown again), and the terminal picked from those the
 * service lists; one another lane of the store has cannot be picked.
 */
export function IntegratedTerminalFields({
  storeId,
  value,
  onChange,
}: {
  storeId: string;
  value: CardTaking;
  onChange: (value: CardTaking) => void;
}) {
  const run = useBackOffice((state) => state.run);
  const apiKeySet = useBackOffice((state) => state.status?.integratedTerminal?.apiKeySet ?? false);
  const loadStatus = useBackOffice((state) => state.loadStatus);
  const [apiKey, setApiKey] = useState('');
  const [choices, setChoices] = useState<TerminalChoice[] | null>(null);
  const listing = useAction();
  const terminal = value.device === 'integrated-terminal';
  const edit = (change: Partial<CardTaking>) => {
    // Another site or merchant lists other terminals: the HSN picked from the old list goes.
    const relisted = 'baseUrl' in change || 'merchantId' in change;
    onChange({ ...value, ...change, ...(relisted ? { hsn: '' } : {}) });
    if (relisted) setChoices(null);
  };
  const list = () =>
    void listing.run(async () => {
      if (value.baseUrl.trim() === '') throw new Error('Terminal API site URL: required.');
      if (value.merchantId.trim() === '') throw new Error('Terminal merchant id: required.');
      if (apiKey.trim() !== '') {
        await run('terminals.setApiKey', { apiKey: apiKey.trim() });
        setApiKey('');
        await loadStatus();
      }
      const listed = await run('terminals.list', {
        baseUrl: value.baseUrl.trim(),
        merchantId: value.merchantId.trim(),
        storeId,
      });
      setChoices(listed);
      const free = listed.filter((choice) => !choice.heldBy);
      if (!free.some((choice) => choice.hsn === value.hsn)) onChange({ ...value, hsn: free[0]?.hsn ?? '' });
      return listed.length === 0
        ? 'The service lists no terminal for this merchant id.'
        : `${listed.length} terminal${listed.length === 1 ? '' : 's'} listed, ${free.length} free in this store.`;
    });
  return (
    <fieldset>
      <legend>Takes cards on</legend>
      <label className="bo-same">
        <input
          type="radio"
          name="hub-lane-device"
          value="reader"
          checked={!terminal}
          onChange={() => edit({ device: 'reader' })}
        />
        Its own reader
      </label>
      <label className="bo-same">
        <input
          type="radio"
          name="hub-lane-device"
          value="integrated-terminal"
          checked={terminal}
          onChange={() => edit({ device: 'integrated-terminal' })}
        />
        An integrated terminal
      </label>
      {terminal ? (
        <>
          <SettingField
            id="hub-terminal-url"
            label="Terminal API site URL"
            type="url"
            value={value.baseUrl}
            onChange={(baseUrl) => edit({ baseUrl })}
            hint="The site root, e.g. https://yoursite.cardpointe.com, without /api."
          />
          <SettingField
            id="hub-terminal-merchant"
            label="Terminal merchant id"
            value={value.merchantId}
            onChange={(merchantId) => edit({ merchantId })}
            hint="The merchant id the terminals are boarded under."
          />
          <SettingField
            id="hub-terminal-key"
            label="Terminal API key"
            type="password"
            value={apiKey}
            onChange={setApiKey}
            hint={
              apiKeySet
                ? 'A key is saved. Enter a new one only to replace it.'
                : 'No key saved yet: enter the key the processor issued. It is saved once, and each lane\u2019s file carries it.'
            }
          />
          <div className="bo-actions">
            <button type="button" disabled={listing.busy} onClick={list}>
              List the terminals
            </button>
          </div>
          <ActionResult action={listing} />
          <div className="bo-field">
            <label htmlFor="hub-terminal-hsn">Terminal (HSN)</label>
            <select
              id="hub-terminal-hsn"
              value={value.hsn}
              disabled={!choices || choices.length === 0}
              aria-describedby="hub-terminal-hsn-hint"
              onChange={(event) => edit({ hsn: event.target.value })}
            >
              {choices && choices.length > 0 ? null : <option value="">List the terminals first</option>}
              {(choices ?? []).map((choice) => (
                <option key={choice.hsn} value={choice.hsn} disabled={choice.heldBy !== null}>
                  {choiceText(choice)}
                </option>
              ))}
            </select>
            <p className="bo-hint" id="hub-terminal-hsn-hint">
              The terminals the service lists; one another lane of this store has cannot be chosen.
            </p>
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
