import type { FastifyInstance } from 'fastify';
import { authRoutes } from '../modules/auth/routes.ts';
import { type AuthService, currentPlayer } from '../modules/auth/service.ts';
import { challengeRoutes } from '../modules/challenges/routes.ts';
import type { ChallengeService } from '../modules/challenges/service.ts';
import { chatRoutes } from '../modules/chat/routes.ts';
import type { ChatService } from '../modules/chat/service.ts';
import { contentRoutes } from '../modules/content/routes.ts';
import type { ContentService } from '../modules/content/service.ts';
import { gameRoutes } from '../modules/games/routes.ts';
import type { GameService } from '../modules/games/service.ts';
import { gameStaticRoutes } from '../modules/games/static.ts';
import { notificationRoutes } from '../modules/notifications/routes.ts';
import type { NotificationService } from '../modules/notifications/service.ts';
import type { PaymentService } from '../modules/payments/service.ts';
import { profileRoutes } from '../modules/profile/routes.ts';
import type { ProfileService } from '../modules/profile/service.ts';
import { realtimeRoutes } from '../modules/realtime/routes.ts';
import type { Presence } from '../modules/realtime/service.ts';
import { referenceRoutes } from '../modules/reference/routes.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import { referralRoutes } from '../modules/referrals/routes.ts';
import type { ReferralService } from '../modules/referrals/service.ts';
import { subscriptionRoutes } from '../modules/subscriptions/routes.ts';
import type { SubscriptionService } from '../modules/subscriptions/service.ts';
import { tournamentRoutes } from '../modules/tournaments/routes.ts';
import type { TournamentService } from '../modules/tournaments/service.ts';
import { uploadsRoutes } from '../modules/uploads/routes.ts';
import type { UploadsService } from '../modules/uploads/service.ts';
import type { WalletService } from '../modules/wallet/service.ts';
import type { Bus } from '../platform/bus/index.ts';
import type { Config } from '../platform/config.ts';
import type { Idempotency } from '../platform/idempotency/index.ts';
import type { Storage } from '../platform/storage.ts';
import { registerMoneyApi } from './payments.ts';

/** What the player's API is served from: the services app.ts made. */
export interface PlayerApiDeps {
  config: Config;
  auth: AuthService;
  reference: ReferenceService;
  profiles: ProfileService;
  referrals: ReferralService;
  chat: ChatService;
  presence: Presence;
  bus: Bus;
  storage: Storage;
  uploads: UploadsService;
  notifications: NotificationService;
  subscriptions: SubscriptionService;
  games: GameService;
  challenges: ChallengeService;
  tournaments: TournamentService;
  content: ContentService;
  wallet: WalletService;
  payments: PaymentService;
  idempotency: Idempotency;
}

/** Every endpoint a player's app calls, each behind the player's token, and the socket. */
export async function registerPlayerApi(app: FastifyInstance, deps: PlayerApiDeps) {
  const { config, auth, chat, presence } = deps;
  const { requirePlayer } = auth;
  await app.register(authRoutes(auth, config));
  await app.register(profileRoutes(deps.profiles, deps.notifications));
  await app.register(referenceRoutes(deps.reference));
  await app.register(uploadsRoutes(deps.uploads, deps.storage));
  await app.register(chatRoutes(chat));
  await app.register(referralRoutes(deps.referrals));
  await app.register(subscriptionRoutes(deps.subscriptions));
  await app.register(gameRoutes(deps.games));
  await app.register(gameStaticRoutes(config.gamesDir, config.gameSdkDir));
  await app.register(challengeRoutes(deps.challenges));
  await app.register(tournamentRoutes(deps.tournaments));
  await app.register(contentRoutes(deps.content));
  await app.register(notificationRoutes(deps.notifications));
  await registerMoneyApi(app, deps);
  await app.register(
    realtimeRoutes(
      deps.bus,
      async (request, token) => {
        // The socket's token is verified exactly like the API's bearer token.
        request.headers.authorization = `Bearer ${token}`;
        await requirePlayer(request);
        return { uid: currentPlayer(request).uid, hasEnded: () => auth.hasSessionEnded(request) };
      },
      // A member coming or going changes their rooms' online counts, told live to the rooms.
      { presence: chat.watchPresence(presence) },
    ),
  );
}
