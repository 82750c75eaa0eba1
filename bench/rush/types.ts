// The contract between the rush's stack (stack.ts, faults) and its players (players.ts, checks.ts).

/** The stack as production runs it, on this machine alone, started and stopped by the bench. */
export interface RushStack {
  /** nginx in front of the instances: every player request goes here. */
  balancerUrl: string;
  /** The private PostgreSQL cluster's PlayOn database (superuser), for setup and the checks. */
  databaseUrl: string;
  /** The private Redis. */
  redisUrl: string;
  /** The sandbox providers' own process (M-Pesa, card, airtime), outliving any instance. */
  sandboxUrl: string;
  /**
   * The sandbox process's own records of what players paid and were paid (its PGlite data directory,
   * readable once `stopSandbox()` resolved).
   */
  sandboxDataDir: string;
  /** Stops the sandbox process (after the players), so the checks can open its records. */
  stopSandbox(): Promise<void>;
  /** The instances' shared secrets, so the bench can sign what sign-in would (tokens, cookies). */
  betterAuthSecret: string;
  mpesaCallbackSecret: string;
  /** The loopback addresses players come from (127.0.0.2 to 127.0.0.9), as carrier NAT does. */
  sourceAddresses: string[];
  /** Where logs and data of this run live (kept when the run fails). */
  runDir: string;
}

/** A fault, applied at a known time; resolves once the fault has been applied and healed. */
export type FaultName =
  | 'kill'
  | 'drain'
  | 'daraja-token-revoke'
  | 'redis-restart'
  | 'postgres-restart'
  | 'rolling-deploy';

/** When a fault's window began and ended (ms since the epoch), for the figures outside them. */
export interface FaultWindow {
  fault: FaultName;
  startedAt: number;
  /** When the stack was whole again (the instance or service back and ready). */
  healedAt: number;
}

/** One action a virtual player took, as the players' client saw it. */
export interface ActionRecord {
  /** e.g. 'sign-in', 'dashboard', 'top-up', 'score', 'chat-send'. */
  action: string;
  at: number;
  ms: number;
  /** Succeeded on its first attempt. */
  ok: boolean;
  /** Succeeded in the end, after the careful client's retries. */
  okAfterRetry: boolean;
  attempts: number;
  /** The last failure's status or error code, when any attempt failed. */
  failure?: string;
}
