import { randomInt } from 'node:crypto';

// No 0/O or 1/I: a code read aloud or copied from a screenshot must survive.
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}
