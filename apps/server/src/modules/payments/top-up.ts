import { type PaymentIntent, type TopUpRequestSchema, toCents } from '@playon/shared/payments';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Player } from '../auth/service.ts';
import type { StartCheckout } from './checkout.ts';
import { paymentMessages } from './messages.ts';
import { checkLimits, type Methods } from './methods.ts';
import type { PlayerDirectory } from './players.ts';
import type { OnCommitted } from './requests.ts';

/**
 * Top-ups and boosts: the same request (`POST /api/payments/top-up`); a `userId` naming another
 * player makes it a BOOST of that player's wallet, under the boost method rules.
 */
export function createTopUps({
  methods,
  checkout,
  players,
  limits,
}: {
  methods: Pick<Methods, 'method'>;
  checkout: StartCheckout;
  players: PlayerDirectory;
  /** The STK Push limits in KES, which card top-ups and boosts follow too. */
  limits: { min: number; max: number };
}) {
  return {
    async topUp(
      player: Player,
      body: z.output<typeof TopUpRequestSchema>,
      onCommitted?: OnCommitted,
    ): Promise<PaymentIntent> {
      const friendUid = body.userId && body.userId !== player.uid ? body.userId : null;
      const type = friendUid ? 'BOOST' : 'TOPUP';
      const chosen = await methods.method(body.paymentMethodId, type);
      const phone = body.mpesaPhoneNumber ?? null;
      if (chosen.code === 'MPESA' && !phone)
        throw new AppError('BAD_REQUEST', paymentMessages.enterPhone, {
          mpesaPhoneNumber: paymentMessages.enterPhone,
        });
      checkLimits(body.amount, limits);
      if (friendUid && !(await players.playersByUid([friendUid])).has(friendUid))
        throw new AppError('NOT_FOUND', paymentMessages.userNotFound, {
          userId: paymentMessages.userNotFound,
        });

      return checkout({
        type,
        method: chosen.code,
        playerUid: player.uid,
        walletUid: friendUid ?? player.uid,
        amountCents: toCents(body.amount),
        amount: body.amount,
        phone: chosen.code === 'MPESA' ? phone : null,
        packageId: null,
        description: friendUid ? 'Boost a friend' : 'Wallet top up',
        email: player.email ?? null,
        onCommitted,
      });
    },
  };
}
