import { randomInt } from 'node:crypto';
import { AIRTIME_RESULT } from '../../platform/airtime/callbacks.ts';

/** What the sandbox does with a charged number. */
export interface AirtimeOutcome {
  resultCode: number;
  resultDesc: string;
  /** How many times the result is posted: 0 = lost, 2 = duplicated. */
  deliveries: number;
  /** For the sandbox page and docs/airtime-sandbox.md. */
  label: string;
}

/** The test numbers of docs/airtime-sandbox.md ("The sandbox"). Every other valid number succeeds. */
export const testNumbers: Record<string, AirtimeOutcome> = {
  '254700000001': {
    resultCode: AIRTIME_RESULT.CANCELLED,
    resultDesc: 'Request cancelled by the subscriber',
    deliveries: 1,
    label: 'cancelled by the player',
  },
  '254700000002': {
    resultCode: AIRTIME_RESULT.INSUFFICIENT_AIRTIME,
    resultDesc: 'Insufficient airtime balance',
    deliveries: 1,
    label: 'insufficient airtime',
  },
  '254700000003': {
    resultCode: AIRTIME_RESULT.REFUSED,
    resultDesc: 'The subscriber is barred from carrier billing',
    deliveries: 1,
    label: 'refused',
  },
  '254700000004': {
    resultCode: AIRTIME_RESULT.UNREACHABLE,
    resultDesc: 'The subscriber cannot be reached',
    deliveries: 1,
    label: 'phone unreachable',
  },
  '254700000005': {
    resultCode: AIRTIME_RESULT.SUCCESS,
    resultDesc: 'The charge was successful',
    deliveries: 0,
    label: 'success, result never sent',
  },
  '254700000006': {
    resultCode: AIRTIME_RESULT.SUCCESS,
    resultDesc: 'The charge was successful',
    deliveries: 2,
    label: 'success, result sent twice',
  },
};

export const SUCCESS: AirtimeOutcome = {
  resultCode: AIRTIME_RESULT.SUCCESS,
  resultDesc: 'The charge was successful',
  deliveries: 1,
  label: 'success',
};

export const outcomeFor = (msisdn: string): AirtimeOutcome => testNumbers[msisdn] ?? SUCCESS;

const hex = (count: number) => Array.from({ length: count }, () => randomInt(16).toString(16)).join('');

/** CB_20261121_0123456789abcdef0123 */
export const chargeId = (now: Date) => `CB_${now.toISOString().slice(0, 10).replaceAll('-', '')}_${hex(20)}`;
