import { enAccount } from './en/account.ts';
import { enAuth } from './en/auth.ts';
import { enCommon } from './en/common.ts';
import { enCommunity } from './en/community.ts';
import { enGames } from './en/games.ts';
import { enWallet } from './en/wallet.ts';

/**
 * English texts, one file of en/ per area. The product's messages come from
 * @playon/shared/messages, so both sides agree. The games' and tournaments' messages are used where
 * they show: their shared modules hold zod schemas too, which every screen would download if these
 * files imported them.
 */
export const en = {
  ...enCommon,
  ...enAuth,
  ...enAccount,
  ...enWallet,
  ...enGames,
  ...enCommunity,
} as const;
