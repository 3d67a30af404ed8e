import type { events as laneEvents } from './contract';
import type { EventMap, PayloadOf } from './contract/derive';

type LaneEvents = typeof laneEvents;

/**
 * Receives every event; `target` is set when the event belongs to one window or connection
 * (a `CommandCaller.source`), and then only that one may pass it on.
 */
export type EventListener<E extends EventMap = LaneEvents> = <N extends keyof E & string>(
  name: N,
  payload: PayloadOf<E, N>,
  target?: string,
) => void;

/** Fans core events out to every connected shell (Electron windows, WebSocket clients); the lane's by default. */
export interface EventHub<E extends EventMap = LaneEvents> {
  emit<N extends keyof E & string>(name: N, payload: PayloadOf<E, N>): void;
  /** An event for one screen only: the window or connection whose source is `target`. */
  emitTo<N extends keyof E & string>(target: string, name: N, payload: PayloadOf<E, N>): void;
  /** Returns the function that stops the subscription. */
  subscribe(listener: EventListener<E>): () => void;
}

/** What a transport needs of a hub: every event, by name, whatever the contract. */
export interface EventFeed {
  subscribe(listener: (name: string, payload: unknown, target?: string) => void): () => void;
}

/** True when a listener serving `source` may pass on an event sent to `target`. */
export function isForSource(target: string | undefined, source: string): boolean {
  return target === undefined || target === source;
}

/**
 * A listener that throws is reported to `onListenerError` and does not stop the others: one
 * broken window must not keep the device status from reaching the rest.
 */
export function createEventHub<E extends EventMap = LaneEvents>(
  onListenerError: (error: unknown) => void,
): EventHub<E> {
  const listeners = new Set<EventListener<E>>();
  const publish = <N extends keyof E & string>(name: N, payload: PayloadOf<E, N>, target: string | undefined) => {
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
