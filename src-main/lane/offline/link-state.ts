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
