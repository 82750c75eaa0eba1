import type { PaymentIntent } from '@playon/shared/payments';
import {
  AIRTIME_PACKAGE_NAME,
  airtimeOnlyBronzeMessage,
  type SubscribeRequestSchema,
} from '@playon/shared/subscriptions';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Player } from '../auth/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { StartCheckout } from './checkout.ts';
import { paymentMessages } from './messages.ts';
import type { Methods } from './methods.ts';
import type { OnCommitted } from './requests.ts';

/** Daily subscriptions: the package's price, paid by any subscription method; activated on completion. */
export function createSubscribe({
  methods,
  checkout,
  subscriptions,
}: {
  methods: Pick<Methods, 'method'>;
  checkout: StartCheckout;
  subscriptions: Pick<SubscriptionService, 'packageById'>;
}) {
  return {
    async subscribe(
      player: Player,
      body: z.output<typeof SubscribeRequestSchema>,
      onCommitted?: OnCommitted,
    ): Promise<PaymentIntent> {
      const chosen = await methods.method(body.paymentMethodId, 'SUBSCRIPTION');
      const pkg = await subscriptions.packageById(body.subscriptionPackageId);
      if (!pkg)
        throw new AppError('BAD_REQUEST', paymentMessages.choosePackage, {
          subscriptionPackageId: paymentMessages.choosePackage,
        });
      if (chosen.code === 'SAFARICOM_CREDIT' && pkg.name !== AIRTIME_PACKAGE_NAME)
        throw new AppError('BAD_REQUEST', airtimeOnlyBronzeMessage, {
          paymentMethodId: airtimeOnlyBronzeMessage,
        });
      const needsPhone = chosen.code === 'MPESA' || chosen.code === 'SAFARICOM_CREDIT';
      const phone = body.mpesaPhoneNumber ?? null;
      if (needsPhone && !phone)
        throw new AppError('BAD_REQUEST', paymentMessages.enterPhone, {
          mpesaPhoneNumber: paymentMessages.enterPhone,
        });

      return checkout({
        type: 'SUBSCRIPTION',
        method: chosen.code,
        playerUid: player.uid,
        walletUid: player.uid,
        amountCents: pkg.amountCents,
        amount: Number(pkg.amountCents) / 100,
        phone: needsPhone ? phone : null,
        packageId: pkg.id,
        description: `PlayOn ${pkg.name} daily package`,
        email: player.email ?? null,
        onCommitted,
      });
    },
  };
}
