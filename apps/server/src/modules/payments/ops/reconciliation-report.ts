import {
  MONEY_TIME_ZONE,
  type ProviderReport,
  type ReconciliationLine,
  type ReconciliationReport,
  type reconciledProviders,
} from '@playon/shared/ops-money';
import { toKes } from '@playon/shared/payments';
import { toCsv } from '../../../platform/csv.ts';
import type { ClearingAccount, WalletService } from '../../wallet/service.ts';
import type { IntentRow } from '../intents/repo.ts';
import { createCardRefundLines } from './card-refund-lines.ts';
import { nairobiDayStart, nextDay } from './payment-filters.ts';
import type { ConsolePayments } from './payments-repo.ts';
import type { ProviderRecord, ProviderRecords } from './provider-records.ts';

type Provider = (typeof reconciledProviders)[number];

/** Each provider as the report reads it: its own records of a day, and its clearing account. */
export type ReportedProviders = Record<Provider, { records: ProviderRecords; clearing: ClearingAccount }>;

/** A ledger movement through a provider's clearing account: money in from it, or out through it. */
interface LedgerRecord {
  intentId: string | null;
  reference: string | null;
  direction: 'IN' | 'OUT';
  amountCents: bigint;
  phone: string | null;
  at: Date;
}

const kesOf = (cents: bigint | null) => (cents === null ? null : toKes(cents));
const sum = (rows: { direction: 'IN' | 'OUT'; amountCents: bigint }[], direction: 'IN' | 'OUT') =>
  toKes(
    rows.filter((row) => row.direction === direction).reduce((total, row) => total + row.amountCents, 0n),
  );

/**
 * Pairs the provider's records with the ledger's: by our reference where the provider keeps it (the
 * card gateway, the carrier; a refund to the card by its gateway refund id or its note), by M-Pesa receipt, then (a top-up settled by STK Push Query has no
 * receipt) by direction, phone and amount, one to one.
 */
function pair(provider: Provider, records: ProviderRecord[], ledger: LedgerRecord[]): ReconciliationLine[] {
  const lines: ReconciliationLine[] = [];
  const left = new Set(ledger);
  const take = (found: LedgerRecord | undefined) => {
    if (found) left.delete(found);
    return found;
  };
  const unpaired: ProviderRecord[] = [];
  for (const record of records) {
    const found = take(
      [...left].find(
        (entry) =>
          entry.direction === record.direction &&
          ((record.intentId !== null && entry.intentId === record.intentId) ||
            (record.reference !== null && entry.reference === record.reference)),
      ),
    );
    if (found) lines.push(line(provider, record, found));
    else unpaired.push(record);
  }
  for (const record of unpaired) {
    const found = take(
      [...left].find(
        (entry) =>
          entry.reference === null &&
          entry.direction === record.direction &&
          entry.phone !== null &&
          entry.phone === record.phone &&
          entry.amountCents === record.amountCents,
      ),
    );
    lines.push(line(provider, record, found));
  }
  for (const entry of left) lines.push(line(provider, undefined, entry));
  return lines.sort((a, b) => a.at.localeCompare(b.at));
}

function line(provider: Provider, record?: ProviderRecord, entry?: LedgerRecord): ReconciliationLine {
  const difference = !entry
    ? 'provider-only'
    : !record
      ? 'ledger-only'
      : record.amountCents === entry.amountCents
        ? 'matched'
        : 'amount-differs';
  return {
    provider,
    direction: (record ?? entry)?.direction ?? 'IN',
    reference: record?.reference ?? entry?.reference ?? null,
    intentId: entry?.intentId ?? record?.intentId ?? null,
    phone: record?.phone ?? entry?.phone ?? null,
    providerAmount: kesOf(record?.amountCents ?? null),
    ledgerAmount: kesOf(entry?.amountCents ?? null),
    at: ((record ?? entry)?.at ?? new Date(0)).toISOString(),
    difference,
  };
}

/**
 * The daily reconciliation: for a Nairobi day and each provider, what the provider's own
 * records say we received and paid beside what the ledger moved through that provider's clearing
 * account, with every difference listed; the same lines as CSV.
 */
export function createReconciliationReport({
  payments,
  ledger,
  providers,
}: {
  payments: Pick<ConsolePayments, 'byIds' | 'cardRefundsNamed'>;
  ledger: Pick<WalletService, 'postingsBetween'>;
  providers: ReportedProviders;
}) {
  const cardRefundLines = createCardRefundLines(payments);

  async function ledgerOf(provider: Provider, from: Date, to: Date): Promise<LedgerRecord[]> {
    const postings = await ledger.postingsBetween(providers[provider].clearing, from, to);
    const ids = [...new Set(postings.flatMap((posting) => (posting.intentId ? [posting.intentId] : [])))];
    const intents = new Map<string, IntentRow>((await payments.byIds(ids)).map((row) => [row.id, row]));
    return postings.map((posting) => {
      const intent = posting.intentId ? intents.get(posting.intentId) : undefined;
      return {
        intentId: posting.intentId,
        reference:
          provider === 'MPESA'
            ? (intent?.receipt ?? null)
            : provider === 'AIRTIME'
              ? (intent?.chargeId ?? null)
              : intent?.type === 'REFUND'
                ? intent.cardRefundId
                : (intent?.id ?? null),
        // Clearing is debited when money comes in from the provider, credited when it goes out.
        direction: posting.amount < 0n ? 'IN' : 'OUT',
        amountCents: posting.amount < 0n ? -posting.amount : posting.amount,
        phone: intent?.phone ?? null,
        at: posting.createdAt,
      };
    });
  }

  async function linesOf(day: string) {
    const from = nairobiDayStart(day);
    const to = nextDay(from);
    return Promise.all(
      (Object.keys(providers) as Provider[]).map(async (provider) => {
        const [read, entries] = await Promise.all([
          providers[provider].records(day, from, to),
          ledgerOf(provider, from, to),
        ]);
        const records = read.available ? read.records : [];
        const paired = read.available ? pair(provider, records, entries) : [];
        return {
          provider,
          read,
          records,
          entries,
          lines: provider === 'CARD' ? await cardRefundLines(paired) : paired,
        };
      }),
    );
  }

  return {
    async report(day: string): Promise<ReconciliationReport> {
      const parts = await linesOf(day);
      return {
        day,
        timeZone: MONEY_TIME_ZONE,
        providers: parts.map(
          ({ provider, read, records, entries, lines }): ProviderReport => ({
            provider,
            source: read.source,
            available: read.available,
            note: read.available ? null : read.note,
            providerIn: sum(records, 'IN'),
            providerOut: sum(records, 'OUT'),
            ledgerIn: sum(entries, 'IN'),
            ledgerOut: sum(entries, 'OUT'),
            matched: lines.filter((row) => row.difference === 'matched').length,
            // Unread, the provider's side is unknown: the ledger's totals stand alone and the note says why.
            differences: lines.filter((row) => row.difference !== 'matched'),
          }),
        ),
      };
    },

    /** Every line of the day, matched ones too, for a spreadsheet. */
    async csv(day: string): Promise<string> {
      const parts = await linesOf(day);
      const rows = parts.flatMap(({ provider, read, entries, lines }) =>
        read.available
          ? lines
          : entries.map((entry) => ({
              ...line(provider, undefined, entry),
              difference: 'provider not read',
            })),
      );
      return toCsv(
        [
          'day',
          'provider',
          'direction',
          'reference',
          'intent_id',
          'phone',
          'provider_amount_kes',
          'ledger_amount_kes',
          'at',
          'difference',
        ],
        rows.map((row) => [
          day,
          row.provider,
          row.direction,
          row.reference,
          row.intentId,
          row.phone,
          row.providerAmount,
          row.ledgerAmount,
          row.at,
          row.difference,
        ]),
      );
    },
  };
}

export type ReconciliationReports = ReturnType<typeof createReconciliationReport>;
