import {
  isMethodAllowed,
  methodsByType,
  type PaymentMethod,
  type TransactionType,
} from '@playon/shared/payments';
import { AIRTIME_PACKAGE_NAME } from '@playon/shared/subscriptions';

const allowedForSomeType = (method: PaymentMethod) =>
  Object.values(methodsByType).some((codes) => codes.includes(method.code));

/**
 * The methods a type may use (docs/product.md, "Payment methods by type"), available or not (a
 * method whose provider this server does not run is shown as coming soon, ADR 0077), plus PAYPAL,
 * which no type uses and every sheet shows as coming soon.
 */
export const methodsShownFor = (type: TransactionType, methods: readonly PaymentMethod[]) =>
  methods.filter(
    (method) => isMethodAllowed(type, method.code) || (!method.available && !allowedForSomeType(method)),
  );

/**
 * Why a method the player tapped cannot be used here; null when it can. An unavailable one (PAYPAL,
 * or a method this server does not offer) is coming soon;
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
