import { isMethodAllowed, type PaymentMethod, type TransactionType } from '@playon/shared/payments';
import { AIRTIME_PACKAGE_NAME } from '@playon/shared/subscriptions';

/** The methods a type may use (docs/product.md, "Payment methods by type"), plus those shown as coming soon (PAYPAL). */
export const methodsShownFor = (type: TransactionType, methods: readonly PaymentMethod[]) =>
  methods.filter((method) => !method.available || isMethodAllowed(type, method.code));

/**
 * Why a method the player tapped cannot be used here; null when it can. PAYPAL is coming soon;
 * Safaricom airtime pays for the Bronze package only (docs/product.md, "Safaricom airtime").
 */
export function methodRefusal(
  method: PaymentMethod,
  packageName: string | undefined,
): 'comingSoon' | 'airtimeBronzeOnly' | null {
  if (!method.available) return 'comingSoon';
  if (method.code === 'SAFARICOM_CREDIT' && packageName !== AIRTIME_PACKAGE_NAME) return 'airtimeBronzeOnly';
  return null;
}

/** Where the confirmation of a chosen method happens: airtime has its own page (docs/product.md, "Payment screen"). */
export const payRouteFor = (method: PaymentMethod): string =>
  method.code === 'SAFARICOM_CREDIT' ? '/account/payment/pay/airtime' : '/account/payment/pay';
