// After the rush (the players stopped, the sandbox process stopped): proves from the outside that
// nothing was lost or doubled. Money against the sandbox's own records, Daraja's refusals and delays
// handled, then scores, messages, jobs and limits against what the client did.
import pg from 'pg';
import { checkJobs, checkLimits, checkMessages, checkPaymentsFinal, checkRuns } from './checks-client.ts';
import { checkDarajaBehaviour, type DarajaBehaviour } from './checks-daraja.ts';
import { checkMoney, readIntents } from './checks-money.ts';
import type { RunningPlayers } from './players.ts';
import { readSandboxRecords } from './sandbox-records.ts';
import type { RushStack } from './types.ts';

export interface RushChecks {
  lostCents: number;
  createdCents: number;
  problems: string[];
  /** How often Daraja's realistic behaviour was met (its own problems are in `problems`). */
  daraja: Omit<DarajaBehaviour, 'problems'>;
}

/** After stop() and stack.stopSandbox(): money against the sandbox's records, scores, messages, jobs, limits. */
export async function checkRush(stack: RushStack, players: RunningPlayers): Promise<RushChecks> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { transactions } = await readSandboxRecords(stack.sandboxDataDir, client);
    const intents = await readIntents(client);
    const money = await checkMoney(client, stack.databaseUrl, intents, transactions);
    const { log, seeded } = players;
    const { problems: darajaProblems, ...daraja } = await checkDarajaBehaviour(
      client,
      log,
      intents,
      transactions,
    );
    const problems = [
      ...money.problems,
      ...darajaProblems,
      ...(log ? await checkPaymentsFinal(client, log, intents) : []),
      ...(log && seeded ? await checkRuns(client, log, seeded.tournamentId) : []),
      ...(log ? await checkMessages(client, log) : []),
      ...(await checkJobs(client, intents)),
      ...checkLimits(players.records),
    ];
    return {
      lostCents: Number(money.lostCents),
      createdCents: Number(money.createdCents),
      problems,
      daraja,
    };
  } finally {
    await client.end();
  }
}
