/**
 * The gateway link's health as the offline store sees it (ADR 075). The circuit
 * breaker that answers it lives in gateway-link.ts; the store and the forwarder depend only on
 * this shape, so a lane without the breaker passes `alwaysOnline`.
 */
export type LinkState = 'online' | 'offline';

export interface GatewayLink {
  state(): LinkState;
  /** A request that provably never left (connection refused, DNS failed, TLS never began): counts toward offline. */
  noteNeverLeft(reason: string): void;
  /** Any answer from the gateway (even a decline, even a 4xx/5xx): the link is up. */
  noteAnswered(): void;
  onChange(listener: (state: LinkState, reason: string) => void): () => void;
  close(): void;
}
