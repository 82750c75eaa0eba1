import type { ChatService } from './modules/chat/service.ts';
import type { ContentService } from './modules/content/service.ts';
import type { GameService } from './modules/games/service.ts';
import type { ReferenceService } from './modules/reference/service.ts';
import type { SubscriptionService } from './modules/subscriptions/service.ts';
import type { TournamentService } from './modules/tournaments/service.ts';

export interface Seedable {
  reference: Pick<ReferenceService, 'seed'>;
  subscriptions: Pick<SubscriptionService, 'seed'>;
  games: Pick<GameService, 'seed'>;
  content: Pick<ContentService, 'seed'>;
  chat: Pick<ChatService, 'seed'>;
  /**
   * Demo players and tournaments, and the players in the chat rooms, when the configuration asks for
   * demo content (DEMO_CONTENT).
   */
  demo?: {
    tournaments: Pick<TournamentService, 'seedDemo' | 'demoPlayers'>;
    chat: Pick<ChatService, 'seedDemo'>;
  };
}

/**
 * The content a fresh installation needs, written at every start and idempotent, so a first boot
 * and the hundredth agree: countries and currencies, the subscription packages, the game catalogue
 * (from games/<slug>/game.json), the event banners and the support contacts (the content service
 * adds its demo TV items itself when DEMO_CONTENT asks); with `demo`, demo players and tournaments on
 * those games and packages, and the demo players in the chat rooms with a little conversation.
 */
export async function seedContent({ reference, subscriptions, games, content, chat, demo }: Seedable) {
  await reference.seed();
  await subscriptions.seed();
  await games.seed();
  await content.seed();
  await chat.seed();
  if (demo) {
    await demo.tournaments.seedDemo();
    await demo.chat.seedDemo(await demo.tournaments.demoPlayers());
  }
}
