import type { LinkReport } from '../gateway/client-settings';
/**
 * What training hands the lane: the built-in gateway, the emulated phone's payloads and the
 * emulated devices. The lane names only these shapes; the shells make them from the stand-ins
 * (src-main/shells/training/lane-training.ts), so product code never imports a stand-in (ADR 060).
 */
import type { TrainingDevices } from '../devices/training-devices';
import type { GatewayAccess } from '../terminal/terminal';
import type { TrainingWalletPayload } from '../wallet/pay-link/lane-wallet';
import type { IntegratedTerminalConnection } from '../config/integrated-terminal-settings';
import type { TrainingTerminalAction, TrainingTerminalView } from '../ipc/contract';

/** Training's boarding service: where it listens and the API user it accepts. */
export interface TrainingBoarding {
  readonly url: string;
  readonly credentials: {
    readonly username: string;
    readonly password: string;
    readonly clientId: string;
    readonly clientSecret: string;
  };
}

export interface TrainingGateway {
  /** The built-in gateway, started on first use. */
  /** `link`: told whether each call was answered or never left (the offline breaker), when the lane has one. */
  access(merchantId: string, link?: LinkReport): Promise<GatewayAccess>;
  /** The next authorization is processed but its answer never comes back: the lane's recovery runs. */
  loseNextAnswer(): Promise<void>;
  /**
   * The network goes down for `seconds` (1 to 600): the gateway refuses every connection and cuts
   * the open ones, then is back by itself. What offline store-and-forward is practised on.
   */
  networkDown(seconds: number): Promise<void>;
  /** For `seconds` (1 to 600) the lane's gateway host does not resolve (DNS fails); then it does again. */
  failDns(seconds: number): Promise<void>;
  /** The trainer ends a network or DNS fault now, rather than waiting for its time to be up. */
  networkBack(): Promise<void>;
  /** The REST root the lane reaches now (an unresolvable one while DNS fails): what the link's health probe asks. */
  gatewayUrl(): Promise<string>;
  /**
   * Starts training's day afresh: the store is set aside (kept for support, never deleted) and
   * a new one is made at the next use. What a damaged store's message offers.
   */
  reset(): Promise<void>;
  /** Closes the open batches now, as the processor does overnight: captured sales settle (refundable, no longer voidable). */
  settleBatches(): Promise<number>;
  /**
   * Training's boarding service, started on first use beside the built-in gateway and linked to
   * it: a merchant it boards sells through `access`, its billing plans charge the gateway's
   * stored profiles (docs/adr/030). Refused when training uses a gateway outside the lane.
   */
  boarding(): Promise<TrainingBoarding>;
  /** The built-in gateway's tokenizer (its server's root): where training's wallet payloads are tokenized. */
  tokenizerUrl(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Training's integrated terminal (ADR 085): the Terminal API emulator in front of the built-in
 * gateway, with one emulated terminal the trainee works on screen. Started on first use.
 */
export interface TrainingTerminal {
  /** Starts the terminal service for `merchantId` at the built-in gateway; where the lane reaches it, its HSN and key. */
  connection(merchantId: string): Promise<IntegratedTerminalConnection>;
  /** The terminal's screen now; null before it has started. */
  screen(): TrainingTerminalView | null;
  /** The trainee's action or the trainer's fault; refused (a LaneError) when the terminal is not asking for it. */
  act(action: TrainingTerminalAction): Promise<TrainingTerminalView>;
  /** Told each time the screen changes. */
  onScreen(listener: (view: TrainingTerminalView) => void): () => void;
  close(): Promise<void>;
}

export interface TrainingKit {
  /** Training's built-in gateway (unused when another gateway is given). */
  readonly gateway: TrainingGateway;
  /** The emulated phone's payloads, signed with training's wallet keys. */
  readonly walletPayload: TrainingWalletPayload;
  /** The emulated reader, pads and printer, the card deck and the recorded signatures. */
  readonly devices: TrainingDevices;
  /** The emulated integrated terminal, for a training lane set to `payments.device: integrated-terminal`. */
  readonly terminal?: TrainingTerminal;
}
