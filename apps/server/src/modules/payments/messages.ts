import type { TransactionType } from '@playon/shared/payments';

/** What players read about their payments (statusMessage, field errors, the waiting page). */
export const paymentMessages = {
  checkPhone: 'Check your phone and enter your M-Pesa PIN.',
  chooseMethod: 'Please choose a payment method.',
  comingSoon: (name: string) => `${name} coming soon. Please choose another method.`,
  notAvailableFor: (name: string, type: TransactionType) =>
    `${name} is not available for ${typeWords[type]}.`,
  openCard: 'Pay with your card on the page that opened.',
  walletPaid: 'Paid from your wallet.',
  confirmAirtime: 'Check your phone and confirm the airtime payment.',
  userNotFound: 'User not found',
  choosePackage: 'Please choose a package.',
  cardNotStarted: 'The card payment could not be started. Please try again.',
  airtimeNotStarted: 'Safaricom airtime could not start this payment. Please try again.',
  waitingForCard: 'We are waiting for the card payment to be confirmed.',
  waitingForAirtime: 'We are waiting for Safaricom to confirm this payment.',
  cardDeclined: 'Your card was declined. Please try another card.',
  cardInsufficientFunds: 'Your card does not have enough funds for this payment.',
  cardFailed: 'The card payment failed. Please try again.',
  cardRefundFailed: 'The card gateway could not refund this payment to the card.',
  enterPhone: 'Enter your phone',
  amountRange: (min: number, max: number) =>
    `The amount must be between kes ${min.toLocaleString('en-GB')} and kes ${max.toLocaleString('en-GB')}.`,
  waitingForMpesa: 'We are waiting for M-Pesa to confirm this payment.',
  mpesaFailed: 'M-Pesa could not complete this payment. Please try again.',
  mpesaNotStarted:
    'We could not send the M-Pesa request to your phone. No money was taken. Please try again.',
  mpesaCancelled: 'You cancelled the M-Pesa request.',
  mpesaInsufficientFunds: 'Your M-Pesa balance is not enough for this payment.',
  mpesaWrongPin: 'The M-Pesa PIN you entered was wrong.',
  mpesaUnreachable: 'We could not reach your phone. Make sure it is on and try again.',
  mpesaExpired: 'The M-Pesa request expired before it was answered. Please try again.',
  mpesaTooSoon:
    'M-Pesa refused a payment this soon after a similar one. Please wait two minutes and try again.',
  mpesaPhoneBusy: 'Another M-Pesa payment is open on this phone. Finish it or wait a minute, then try again.',
  mpesaBusy: 'M-Pesa is busy right now. No money was taken. Please try again in a minute.',
  mpesaUnavailable:
    'M-Pesa payments are not available right now. No money was taken. Please try again later or choose another method.',
  notFound: 'We could not find that payment.',
} as const;

const typeWords: Record<TransactionType, string> = {
  TOPUP: 'top-up',
  WITHDRAWAL: 'withdrawal',
  BOOST: 'boost',
  SUBSCRIPTION: 'subscription',
};
