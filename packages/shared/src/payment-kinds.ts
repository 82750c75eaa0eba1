// Apart from payments.ts, which holds the payments' zod schemas: the wallet screen needs these lists
// alone, and must not bring the validation library to its first paint.

/** Payment method codes (docs/product.md, "Payment method"). PAYPAL is listed but not available. */
export const paymentMethodCodes = ['WALLET', 'MPESA', 'CARD', 'SAFARICOM_CREDIT', 'PAYPAL'] as const;
export type PaymentMethodCode = (typeof paymentMethodCodes)[number];

/** What a payment is for. docs/product.md ("Transaction") also writes TOPUP as TOP-UP; the wire: TOPUP. */
export const transactionTypes = ['WITHDRAWAL', 'TOPUP', 'BOOST', 'SUBSCRIPTION'] as const;
export type TransactionType = (typeof transactionTypes)[number];
