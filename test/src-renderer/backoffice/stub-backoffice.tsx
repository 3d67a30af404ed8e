import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import type {
  BackOfficeCommandName,
  BackOfficeTransport,
  CommandReply,
} from '../../../src-renderer/backoffice/api-types';
import {
  BackOfficeContext,
  createBackOfficeStore,
  syncBackOfficeStore,
  type BackOfficeStore,
} from '../../../src-renderer/backoffice/store';

/** A stubbed answer: the result, or a thrown `{ code, message }` for the main side's refusal. */
export type BackOfficeAnswer = (args: unknown) => unknown;

/**
 * The back office's transport for renderer tests: answers from `answers`, records every call,
 * and lets the test push events as the host would.
 */
export function stubBackOffice(answers: Partial<Record<BackOfficeCommandName, BackOfficeAnswer>>) {
  const calls: Array<[string, unknown]> = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = {
    async call(name: string, args?: unknown): Promise<CommandReply<unknown>> {
      calls.push([name, args]);
      const answer = answers[name as BackOfficeCommandName];
      if (!answer) return { ok: false, error: { code: 'unknown_command', message: `no stubbed answer for ${name}` } };
      try {
        return { ok: true, result: await answer(args) };
      } catch (refusal) {
        const { code = 'failed_precondition', message } = refusal as { code?: 'failed_precondition'; message: string };
        return { ok: false, error: { code, message } };
      }
    },
    onEvent(name: string, listener: (payload: unknown) => void) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  } as unknown as BackOfficeTransport;
  const emit = (name: string, payload: unknown) => {
    for (const listener of listeners.get(name) ?? []) listener(payload);
  };
  return { api, calls, emit };
}

/** Renders `ui` inside a connected back office store over the stub. */
export async function renderBackOffice(
  ui: ReactNode,
  answers: Partial<Record<BackOfficeCommandName, BackOfficeAnswer>>,
): Promise<ReturnType<typeof stubBackOffice> & { store: BackOfficeStore; view: RenderResult }> {
  const stub = stubBackOffice({
    'backoffice.status': () => ({
      training: true,
      credentialsSet: false,
      serviceUrl: 'http://127.0.0.1:1',
      version: '1.0.0',
    }),
    'lookups.get': () => [],
    ...answers,
  });
  const store = createBackOfficeStore(stub.api);
  let announce: (status: 'open') => void = () => undefined;
  syncBackOfficeStore(store, stub.api, (listener) => {
    announce = listener;
    return () => undefined;
  });
  const view = render(<BackOfficeContext.Provider value={store}>{ui}</BackOfficeContext.Provider>);
  await act(async () => announce('open'));
  return { ...stub, store, view };
}
