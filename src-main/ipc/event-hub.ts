import type { EventName, EventPayload } from './contract';

export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

/** Fans core events out to every connected shell (Electron windows, WebSocket clients). */
export interface EventHub {
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
  /** Returns the function that stops the subscription. */
  subscribe(listener: EventListener): () => void;
}

/**
 * A listener that throws is reported to `onListenerError` and does not stop the others: one
 * broken window must not keep the device status from reaching the rest.
 */
export function createEventHub(onListenerError: (error: unknown) => void): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(name, payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
