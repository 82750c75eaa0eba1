import { contentMessages, type OpsPackage, type PackageFormSchema } from '@playon/shared/ops-content';
import type { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RecordAudit } from '../../operator/service.ts';
import type { PackageRow, SubscriptionRepo } from '../repo.ts';

const toOpsPackage = (row: PackageRow): OpsPackage => ({
  id: row.id,
  name: row.name,
  description: row.description,
  descriptionSw: row.descriptionSw,
  amount: Number(row.amountCents) / 100,
  currency: row.currency,
  duration: row.durationHours,
  popular: row.popular,
});

/**
 * The packages as admins set them. A price change reaches new purchases only: a payment already
 * started carries the amount it was started with (its intent's amount_cents), and is completed
 * and checked against that.
 */
export function createPackagesConsole({ db, repo }: { db: Db; repo: SubscriptionRepo }) {
  return {
    list: async () => (await repo.listPackages()).map(toOpsPackage),
    update(id: number, form: z.output<typeof PackageFormSchema>, audit: RecordAudit): Promise<OpsPackage> {
      return db.transaction(async (tx) => {
        const before = await repo.packageForUpdate(id, tx);
        if (!before) throw new AppError('NOT_FOUND', contentMessages.packageNotFound);
        const after = await repo.updatePackage(
          id,
          {
            description: form.description,
            descriptionSw: form.descriptionSw,
            amountCents: BigInt(Math.round(form.amount * 100)),
            popular: form.popular,
          },
          tx,
        );
        await audit(tx, {
          action: 'content.package.update',
          targetType: 'subscription-package',
          targetId: String(id),
          reason: form.reason,
          before: toOpsPackage(before),
          after: toOpsPackage(after),
        });
        return toOpsPackage(after);
      });
    },
  };
}
