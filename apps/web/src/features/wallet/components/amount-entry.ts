/** Enough digits for any M-Pesa limit; the server says when an amount is out of range. */
export const MAX_AMOUNT_DIGITS = 7;

/** The keypad appends a digit; a leading zero never shows (docs/product.md, "Amount keypad"). */
export function appendDigit(digits: string, digit: string): string {
  if (!/^\d$/.test(digit) || digits.length >= MAX_AMOUNT_DIGITS) return digits;
  if (digits === '' && digit === '0') return digits;
  return digits + digit;
}

export const removeLastDigit = (digits: string): string => digits.slice(0, -1);

export const amountOf = (digits: string): number => (digits ? Number(digits) : 0);
