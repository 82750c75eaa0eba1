/** Daraja's callback and result payloads, shaped as Safaricom documents them. */
import { darajaTimestamp } from '../../platform/daraja/time.ts';
import { DUPLICATE_DETECTED, INVALID_INITIATOR } from './outcomes.ts';
import type { SandboxDarajaTransaction } from './schema.ts';

export type Json = Record<string, unknown>;

/** "19.12.2019 11:45:50" in East Africa Time, as B2C's TransactionCompletedDateTime. */
function dottedTime(date: Date): string {
  const t = darajaTimestamp(date);
  return `${t.slice(6, 8)}.${t.slice(4, 6)}.${t.slice(0, 4)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

export function stkCallbackPayload(row: SandboxDarajaTransaction): Json {
  const callback: Json = {
    MerchantRequestID: row.requestId,
    CheckoutRequestID: row.id,
    ResultCode: row.resultCode,
    ResultDesc: row.resultDesc,
  };
  if (row.resultCode === 0) {
    callback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: row.amount },
        { Name: 'MpesaReceiptNumber', Value: row.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(darajaTimestamp(row.completesAt)) },
        { Name: 'PhoneNumber', Value: Number(row.phone) },
      ],
    };
  }
  return { Body: { stkCallback: callback } };
}

export function b2cResultPayload(row: SandboxDarajaTransaction): Json {
  const result: Json = {
    ResultType: 0,
    ResultCode: row.resultCode,
    ResultDesc: row.resultDesc,
    OriginatorConversationID: row.requestId,
    ConversationID: row.id,
    TransactionID: row.receipt ?? `${row.id.slice(3, 6).toUpperCase()}0000000`,
  };
  if (row.resultCode === 0) {
    result.ResultParameters = {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: row.amount },
        { Key: 'TransactionReceipt', Value: row.receipt },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
        { Key: 'ReceiverPartyPublicName', Value: `${row.phone} - Sandbox Player` },
        { Key: 'TransactionCompletedDateTime', Value: dottedTime(row.completesAt) },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 1_000_000 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 1_000_000 },
      ],
    };
  }
  result.ReferenceData = { ReferenceItem: { Key: 'QueueTimeoutURL', Value: row.queueTimeoutUrl ?? '' } };
  return { Result: result };
}

/**
 * A Transaction Status result, as Daraja documents it: the outer ids are the query's own. A payment
 * found: ResultCode 0 and its state in ResultParameters (TransactionStatus Completed or Failed, its
 * ids, amount, parties and receipt). A payment not found: R000002 and no parameters. A wrong
 * initiator: 2001 and no parameters.
 */
export function statusResultPayload(
  query: { originatorConversationId: string; conversationId: string },
  row: SandboxDarajaTransaction | undefined,
  initiatorValid: boolean,
  business: { shortCode: string; b2cShortCode: string },
): Json {
  const result: Json = {
    ResultType: 0,
    OriginatorConversationID: query.originatorConversationId,
    ConversationID: query.conversationId,
    TransactionID: `${query.conversationId.slice(3, 6).toUpperCase()}0000000`,
    ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
  };
  if (!initiatorValid)
    return { Result: { ...result, ResultCode: 2001, ResultDesc: INVALID_INITIATOR.resultDesc } };
  if (!row) {
    return {
      Result: { ...result, ResultCode: 'R000002', ResultDesc: 'The OriginatorConversationID is invalid.' },
    };
  }
  const completed = row.resultCode === 0;
  const when = Number(darajaTimestamp(row.completesAt));
  return {
    Result: {
      ...result,
      ResultCode: 0,
      ResultDesc: 'The service request has been accepted successfully.',
      ResultParameters: {
        ResultParameter: [
          {
            Key: 'DebitPartyName',
            Value: row.kind === 'b2c' ? `${business.b2cShortCode} - PlayOn` : `${row.phone} - Sandbox Player`,
          },
          {
            Key: 'CreditPartyName',
            Value: row.kind === 'b2c' ? `${row.phone} - Sandbox Player` : `${business.shortCode} - PlayOn`,
          },
          { Key: 'OriginatorConversationID', Value: row.requestId },
          { Key: 'InitiatedTime', Value: Number(darajaTimestamp(row.createdAt)) },
          { Key: 'DebitAccountType', Value: 'Utility Account' },
          { Key: 'DebitPartyCharges', Value: '' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
          { Key: 'TransactionStatus', Value: completed ? 'Completed' : 'Failed' },
          { Key: 'FinalisedTime', Value: when },
          { Key: 'Amount', Value: row.amount },
          { Key: 'ConversationID', Value: row.id },
          { Key: 'ReceiptNo', Value: row.receipt ?? '' },
        ],
      },
    },
  };
}

/** The Result of a repeated OriginatorConversationID Daraja's core caught: ResultCode 15, nothing paid. */
export function duplicateResultPayload(ids: {
  originatorConversationId: string;
  conversationId: string;
}): Json {
  return {
    Result: {
      ResultType: 0,
      ResultCode: DUPLICATE_DETECTED.resultCode,
      ResultDesc: DUPLICATE_DETECTED.resultDesc,
      OriginatorConversationID: ids.originatorConversationId,
      ConversationID: ids.conversationId,
      TransactionID: `${ids.conversationId.slice(3, 6).toUpperCase()}0000000`,
    },
  };
}

/** What Daraja posts to QueueTimeOutURL when a request waited too long in its queue. */
export function queueTimeoutPayload(row: SandboxDarajaTransaction): Json {
  return {
    Result: {
      ResultType: 1,
      ResultCode: row.resultCode,
      ResultDesc: row.resultDesc,
      OriginatorConversationID: row.requestId,
      ConversationID: row.id,
      TransactionID: `${row.id.slice(3, 6).toUpperCase()}0000000`,
    },
  };
}
