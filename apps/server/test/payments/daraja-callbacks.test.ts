import { describe, expect, it } from 'vitest';
import {
  parseB2cResult,
  parseQueueTimeout,
  parseStatusResult,
  parseStkCallback,
  playerMessageForResultCode,
} from '../../src/platform/daraja/callbacks.ts';
import { darajaTimestamp, parseDarajaTimestamp, stkPassword } from '../../src/platform/daraja/time.ts';

// The payloads below are Safaricom's documentation examples, as Daraja posts them.

const stkSuccess = {
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: 1.0 },
          { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
          { Name: 'TransactionDate', Value: 20191219102115 },
          { Name: 'PhoneNumber', Value: 254708374149 },
        ],
      },
    },
  },
};

const stkCancelled = {
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ResultCode: 1032,
      ResultDesc: 'Request canceled by user.',
    },
  },
};

const b2cSuccess = {
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: '10571-7910404-1',
    ConversationID: 'AG_20191219_00004e48cf7e3533f581',
    TransactionID: 'NLJ41HAY6Q',
    ResultParameters: {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: 10 },
        { Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -4510.0 },
        { Key: 'ReceiverPartyPublicName', Value: '254708374149 - John Doe' },
        { Key: 'TransactionCompletedDateTime', Value: '19.12.2019 11:45:50' },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 10116.0 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 900000.0 },
      ],
    },
    ReferenceData: {
      ReferenceItem: {
        Key: 'QueueTimeoutURL',
        Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit',
      },
    },
  },
};

const b2cFailure = {
  Result: {
    ResultType: 0,
    ResultCode: 2001,
    ResultDesc: 'The initiator information is invalid.',
    OriginatorConversationID: '29112-34801843-1',
    ConversationID: 'AG_20191219_00006c6fddb15123addf',
    TransactionID: 'NLJ0000000',
    ReferenceData: {
      ReferenceItem: {
        Key: 'QueueTimeoutURL',
        Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit',
      },
    },
  },
};

const transactionStatus = (status: string): { Result: Record<string, unknown> } => ({
  Result: {
    ConversationID: 'AG_20180223_0000493344ae97d86f75',
    OriginatorConversationID: '3213-416199-2',
    ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    ResultCode: 0,
    ResultDesc: 'The service request has been accepted successfully.',
    ResultParameters: {
      ResultParameter: [
        { Key: 'DebitPartyName', Value: '600310 - Safaricom333' },
        { Key: 'CreditPartyName', Value: '254708374149 - John Doe' },
        { Key: 'OriginatorConversationID', Value: '3211-416020-3' },
        { Key: 'InitiatedTime', Value: 20180223054112 },
        { Key: 'DebitAccountType', Value: 'Utility Account' },
        { Key: 'DebitPartyCharges', Value: 'Fee For B2C Payment|KES|22.40' },
        { Key: 'TransactionReason' },
        { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
        { Key: 'TransactionStatus', Value: status },
        { Key: 'FinalisedTime', Value: 20180223054112 },
        { Key: 'Amount', Value: 300 },
        { Key: 'ConversationID', Value: 'AG_20180223_000041b09c22e613d6c9' },
        { Key: 'ReceiptNo', Value: 'MBN31H462N' },
      ],
    },
    ResultType: 0,
    TransactionID: 'MBN0000000',
  },
});

describe('Daraja callbacks', () => {
  it('reads a successful STK callback: amount, receipt, date in East Africa Time, phone', () => {
    expect(parseStkCallback(stkSuccess)).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amount: 1,
      mpesaReceiptNumber: 'NLJ7RT61SV',
      transactionDate: new Date('2019-12-19T07:21:15Z'),
      phone: '254708374149',
    });
  });

  it('reads a cancelled STK callback, which has no metadata', () => {
    expect(parseStkCallback(stkCancelled)).toMatchObject({
      resultCode: 1032,
      amount: null,
      mpesaReceiptNumber: null,
      transactionDate: null,
      phone: null,
    });
  });

  it('refuses a malformed STK callback', () => {
    expect(() => parseStkCallback({})).toThrow(/Malformed/);
    expect(() => parseStkCallback({ Body: { stkCallback: { ResultCode: 0 } } })).toThrow(/CheckoutRequestID/);
    expect(() => parseStkCallback('ResultCode=0')).toThrow();
  });

  it('reads a B2C result: receipt, amount, receiving phone, completion time', () => {
    expect(parseB2cResult(b2cSuccess)).toEqual({
      originatorConversationId: '10571-7910404-1',
      conversationId: 'AG_20191219_00004e48cf7e3533f581',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      transactionId: 'NLJ41HAY6Q',
      amount: 10,
      receiverPhone: '254708374149',
      completedAt: new Date('2019-12-19T08:45:50Z'),
    });
  });

  it("reads a failed B2C result without taking Daraja's placeholder TransactionID for a receipt", () => {
    expect(parseB2cResult(b2cFailure)).toMatchObject({
      originatorConversationId: '29112-34801843-1',
      resultCode: 2001,
      transactionId: null,
      amount: null,
    });
  });

  it("reads a Transaction Status result as the original payout's ids, amount, phone and receipt", () => {
    expect(parseStatusResult(transactionStatus('Completed'))).toEqual({
      verdict: 'completed',
      // The query's own id, which names the query we asked (ADR 0074).
      queryConversationId: 'AG_20180223_0000493344ae97d86f75',
      notFound: false,
      resultCode: 0,
      resultDesc: 'The service request has been accepted successfully.',
      transactionStatus: 'Completed',
      originatorConversationId: '3211-416020-3',
      conversationId: 'AG_20180223_000041b09c22e613d6c9',
      amount: 300,
      receiverPhone: '254708374149',
      receipt: 'MBN31H462N',
      completedAt: new Date('2018-02-23T02:41:12Z'),
    });
  });

  it('maps every TransactionStatus Daraja documents to settle, reverse or ask again', () => {
    const verdicts = Object.fromEntries(
      ['Completed', 'Failed', 'Declined', 'Cancelled', 'Expired', 'Reversed', 'Pending', 'Authorized'].map(
        (status) => [status, parseStatusResult(transactionStatus(status)).verdict],
      ),
    );
    expect(verdicts).toEqual({
      Completed: 'completed',
      Failed: 'failed',
      Declined: 'failed',
      Cancelled: 'failed',
      Expired: 'failed',
      Reversed: 'failed',
      Pending: 'pending',
      Authorized: 'pending',
    });
    // A failed payout is never given a receipt.
    expect(parseStatusResult(transactionStatus('Failed')).receipt).toBeNull();
  });

  it("reads a payout's failure whatever the query's ResultCode (1037 with TransactionStatus Failed)", () => {
    const body = transactionStatus('Failed');
    body.Result.ResultCode = 1037;
    body.Result.ResultDesc = 'DS timeout user cannot be reached';
    expect(parseStatusResult(body)).toMatchObject({
      verdict: 'failed',
      resultCode: 1037,
      originatorConversationId: '3211-416020-3',
    });
  });

  it('reads a query that found nothing (R000001, R000002, 2001) as saying nothing about the payout', () => {
    for (const [code, desc] of [
      ['R000001', 'The transaction ID is invalid.'],
      ['R000002', 'The OriginatorConversationID is invalid.'],
      [2001, 'The initiator information is invalid.'],
    ] as const) {
      const result = parseStatusResult({
        Result: {
          ResultType: 0,
          ResultCode: code,
          ResultDesc: desc,
          OriginatorConversationID: '3213-416199-2',
          ConversationID: 'AG_20180223_0000493344ae97d86f75',
          TransactionID: 'MBN0000000',
        },
      });
      expect(result).toMatchObject({ verdict: 'query-failed', originatorConversationId: null, amount: null });
    }
  });

  it('reads a queue timeout, in either shape', () => {
    const ids = {
      OriginatorConversationID: '10571-7910404-1',
      ConversationID: 'AG_20191219_00004e48cf7e3533f581',
    };
    const expected = {
      originatorConversationId: '10571-7910404-1',
      conversationId: 'AG_20191219_00004e48cf7e3533f581',
    };
    expect(parseQueueTimeout({ Result: { ResultType: 1, ResultCode: 'SFC_IC0003', ...ids } })).toEqual(
      expected,
    );
    expect(parseQueueTimeout(ids)).toEqual(expected);
    expect(() => parseQueueTimeout({ Result: {} })).toThrow(/Malformed/);
  });

  it('tells the player what went wrong in plain words', () => {
    expect(playerMessageForResultCode(0)).toBe('');
    expect(playerMessageForResultCode(1032)).toBe('You cancelled the M-Pesa request.');
    expect(playerMessageForResultCode(1)).toBe('Your M-Pesa balance is not enough for this payment.');
    expect(playerMessageForResultCode(2001)).toBe('The M-Pesa PIN you entered was wrong.');
    expect(playerMessageForResultCode(1037)).toBe(
      'We could not reach your phone. Make sure it is on and try again.',
    );
    expect(playerMessageForResultCode(17)).toBe('M-Pesa could not complete this payment. Please try again.');
  });

  it("writes and reads Daraja's timestamps in East Africa Time, and its STK password", () => {
    const instant = new Date('2019-12-19T07:21:15Z');
    expect(darajaTimestamp(instant)).toBe('20191219102115');
    expect(parseDarajaTimestamp('20191219102115')).toEqual(instant);
    expect(parseDarajaTimestamp('20191332102115')).toBeNull();
    // Safaricom's documented example: 174379 + its test passkey + 20160216165627.
    expect(
      stkPassword(
        '174379',
        'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
        '20160216165627',
      ),
    ).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
  });
});
