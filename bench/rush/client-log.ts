// What the players' client did and believes happened, for the checks to hold against the database
// and the sandbox's own records.

export type PaymentKind = 'top-up' | 'top-up-cancelled' | 'withdraw' | 'boost' | 'subscribe';

export interface StartedPayment {
  uid: string;
  kind: PaymentKind;
  method: 'MPESA' | 'WALLET';
  amountKes: number;
  key: string;
  /** The intent the answer named; absent when no answer came. */
  intentId?: string;
  /** The last status the client read (the POST's answer, then its polls). */
  lastStatus?: string;
  /** What the player last read about it (the intent's message). */
  lastMessage?: string | null;
  /** The final refusal, when the POST itself was refused (a 4xx), or the failure that ended the tries. */
  failure?: string;
}

export interface SentMessage {
  uid: string;
  roomId: number;
  text: string;
  /** accepted: answered 200 (or found after an unknown outcome); failed: refused or never known. */
  outcome: 'accepted' | 'failed';
  failure?: string;
}

export interface ReportedRun {
  uid: string;
  sessionId: string;
  tournamentId: number | null;
  points: number;
  outcome: 'accepted' | 'failed';
  failure?: string;
}

export interface ClientLog {
  payments: StartedPayment[];
  messages: SentMessage[];
  runs: ReportedRun[];
  /** Messages heard on the players' sockets by type (leaderboard updates, chat, tasks...), and drops by close code. */
  heard: Map<string, number>;
}

export function createClientLog(): ClientLog {
  return { payments: [], messages: [], runs: [], heard: new Map() };
}
