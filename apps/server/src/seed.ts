import type { ReferenceService } from './modules/reference/service.ts';
import type { SubscriptionService } from './modules/subscriptions/service.ts';

export interface Seedable {
  reference: Pick<ReferenceService, 'seed'>;
  subscriptions: Pick<SubscriptionService, 'seed'>;
}

/**
 * The content a fresh installation needs, written at every start and idempotent, so a first boot
 * and the hundredth agree. Countries and currencies, the subscription packages; games and the rest join here.
 */
export async function seedContent({ reference, subscriptions }: Seedable) {
  await reference.seed();
  await subscriptions.seed();
}
