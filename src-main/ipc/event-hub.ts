import type { EventName, EventPayload } from './contract';

/**
 * Receives every event; `target` is set when the event belongs to one window or connection
 * (a `CommandCaller.source`), and then only that one may pass it on.
 */
export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>, target?: string) => void;

/** Fans core events out to every connected shell (Electron windows, WebSocket clients). */
export interface EventHub {
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
  /** An event for one screen only: the window or connection whose source is `target`. */
  emitTo<N extends EventName>(target: string, name: N, payload: EventPayload<N>): void;
  /** Returns the function that stops the subscription. */
  subscribe(listener: EventListener): () => void;
}

/** True when a listener serving `source` may pass on an event sent to `target`. */
export function isForSource(target: string | undefined, source: string): boolean {
  return target === undefined || target === source;
}

/**
 * A listener that throws is reported to `onListenerError` and does not stop the others: one
 * broken window must not keep the device status from reaching the rest.
 */
export function createEventHub(onListenerError: (error: unknown) => void): EventHub {
  const listeners = new Set<EventListener>();
  const publish = <N extends EventName>(name: N, payload: EventPayload<N>, target: string | undefined) => {
    for (const listener of [...listeners]) {
      try {
        listener(name, payload, target);
      } catch (error) {
        onListenerError(error);
      }
    }
  };
  return {
    emit: (name, payload) => publish(name, payload, undefined),
    emitTo: (target, name, payload) => publish(name, payload, target),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
