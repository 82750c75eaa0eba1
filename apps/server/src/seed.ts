import type { ContentService } from './modules/content/service.ts';
import type { GameService } from './modules/games/service.ts';
import type { ReferenceService } from './modules/reference/service.ts';
import type { SubscriptionService } from './modules/subscriptions/service.ts';

export interface Seedable {
  reference: Pick<ReferenceService, 'seed'>;
  subscriptions: Pick<SubscriptionService, 'seed'>;
  games: Pick<GameService, 'seed'>;
  content: Pick<ContentService, 'seed'>;
}

/**
 * The content a fresh installation needs, written at every start and idempotent, so a first boot
 * and the hundredth agree: countries and currencies, the subscription packages, the game catalogue
 * (from games/<slug>/game.json) and the event banners.
 */
export async function seedContent({ reference, subscriptions, games, content }: Seedable) {
  await reference.seed();
  await subscriptions.seed();
  await games.seed();
  await content.seed();
}
