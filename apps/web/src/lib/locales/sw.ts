import type { en } from './en.ts';
import type { Texts } from './shape.ts';
import { swAccount } from './sw/account.ts';
import { swAuth } from './sw/auth.ts';
import { swCommon } from './sw/common.ts';
import { swCommunity } from './sw/community.ts';
import { swGames } from './sw/games.ts';
import { swWallet } from './sw/wallet.ts';

/**
 * Kiswahili texts, one file of sw/ per area, key for key the English ones (the typecheck and
 * locales.test.ts hold them to it), in the terms of docs/glossary.md. Loaded only when a player
 * chooses Kiswahili (i18n.ts): this module and its parts are one chunk of their own.
 */
export const sw = {
  ...swCommon,
  ...swAuth,
  ...swAccount,
  ...swWallet,
  ...swGames,
  ...swCommunity,
} as const satisfies Texts<typeof en>;
