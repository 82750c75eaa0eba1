import type { PageQuery } from '@playon/shared/ops';
import {
  type BannerFormSchema,
  contentMessages,
  type OpsBanner,
  type OpsTvItem,
  type SupportSettingFormSchema,
  supportSettingNames,
  type TvFormSchema,
} from '@playon/shared/ops-content';
import type { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RecordAudit } from '../../operator/service.ts';
import type { createContentRepo } from '../repo.ts';
import type { eventBanners, tvItems } from '../schema.ts';

type BannerRow = typeof eventBanners.$inferSelect;
type TvRow = typeof tvItems.$inferSelect;

const isActiveAt = (row: BannerRow, at: Date) =>
  (!row.activeFrom || row.activeFrom.getTime() <= at.getTime()) &&
  (!row.activeTo || row.activeTo.getTime() > at.getTime());

export function toOpsBanner(row: BannerRow, at: Date): OpsBanner {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    titleSw: row.titleSw,
    descriptionSw: row.descriptionSw,
    eventBannerUrl: row.eventBannerUrl,
    eventBannerUrlSw: row.eventBannerUrlSw,
    sortOrder: row.sortOrder,
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeTo: row.activeTo?.toISOString() ?? null,
    tournamentId: row.tournamentId,
    isActive: isActiveAt(row, at),
    createdAt: row.createdAt.toISOString(),
  };
}

const toOpsTv = (row: TvRow): OpsTvItem => ({
  id: row.id,
  title: row.title,
  titleSw: row.titleSw,
  thumbnailUrl: row.thumbnailUrl,
  channelUrl: row.channelUrl,
  primary: row.primary,
  createdAt: row.createdAt.toISOString(),
});

const bannerFields = (form: z.output<typeof BannerFormSchema>) => ({
  title: form.title,
  description: form.description,
  titleSw: form.titleSw,
  descriptionSw: form.descriptionSw,
  eventBannerUrl: form.eventBannerUrl,
  eventBannerUrlSw: form.eventBannerUrlSw,
  sortOrder: form.sortOrder,
  activeFrom: form.activeFrom ? new Date(form.activeFrom) : null,
  activeTo: form.activeTo ? new Date(form.activeTo) : null,
  tournamentId: form.tournamentId,
});

const paging = (query: PageQuery) => ({
  q: query.q,
  offset: (query.page - 1) * query.pageSize,
  limit: query.pageSize,
});

/** Banners, Playon TV and the support settings as admins set them; each change audited with it. */
export function createContentConsole({
  db,
  repo,
  now,
}: {
  db: Db;
  repo: ReturnType<typeof createContentRepo>;
  now: () => Date;
}) {
  async function checkTournament(id: number | null, tx: Db) {
    if (id === null || (await repo.isOpenTournament(id, tx))) return;
    throw new AppError('BAD_REQUEST', contentMessages.bannerTournament, {
      tournamentId: contentMessages.bannerTournament,
    });
  }

  return {
    async bannersPage(query: PageQuery) {
      const at = now();
      const { items, total } = await repo.bannersPage(paging(query));
      return {
        items: items.map((row) => toOpsBanner(row, at)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
    addBanner(form: z.output<typeof BannerFormSchema>, audit: RecordAudit) {
      return db.transaction(async (tx) => {
        await checkTournament(form.tournamentId, tx);
        const banner = toOpsBanner(await repo.insertBanner(bannerFields(form), tx), now());
        await audit(tx, {
          action: 'content.banner.add',
          targetType: 'banner',
          targetId: String(banner.id),
          after: banner,
        });
        return banner;
      });
    },
    updateBanner(id: number, form: z.output<typeof BannerFormSchema>, audit: RecordAudit) {
      return db.transaction(async (tx) => {
        const before = await repo.bannerForUpdate(id, tx);
        if (!before) throw new AppError('NOT_FOUND', contentMessages.bannerNotFound);
        // A link already there stays, even to a tournament cancelled since; a new one must be open.
        if (form.tournamentId !== before.tournamentId) await checkTournament(form.tournamentId, tx);
        const banner = toOpsBanner(await repo.updateBanner(id, bannerFields(form), tx), now());
        await audit(tx, {
          action: 'content.banner.update',
          targetType: 'banner',
          targetId: String(id),
          before: toOpsBanner(before, now()),
          after: banner,
        });
        return banner;
      });
    },

    async tvPage(query: PageQuery) {
      const { items, total } = await repo.tvPage(paging(query));
      return { items: items.map(toOpsTv), total, page: query.page, pageSize: query.pageSize };
    },
    addTvItem(form: z.output<typeof TvFormSchema>, audit: RecordAudit) {
      return db.transaction(async (tx) => {
        if (form.primary) await repo.clearPrimaryTv(tx);
        const item = toOpsTv(await repo.insertTvItem(form, tx));
        await audit(tx, {
          action: 'content.tv.add',
          targetType: 'tv-item',
          targetId: String(item.id),
          after: item,
        });
        return item;
      });
    },
    updateTvItem(id: number, form: z.output<typeof TvFormSchema>, audit: RecordAudit) {
      return db.transaction(async (tx) => {
        const before = await repo.tvItemForUpdate(id, tx);
        if (!before) throw new AppError('NOT_FOUND', contentMessages.tvItemNotFound);
        if (form.primary && !before.primary) await repo.clearPrimaryTv(tx);
        const item = toOpsTv(await repo.updateTvItem(id, form, tx));
        await audit(tx, {
          action: 'content.tv.update',
          targetType: 'tv-item',
          targetId: String(id),
          before: toOpsTv(before),
          after: item,
        });
        return item;
      });
    },
    removeTvItem(id: number, reason: string, audit: RecordAudit) {
      return db.transaction(async (tx) => {
        const before = await repo.tvItemForUpdate(id, tx);
        if (!before) throw new AppError('NOT_FOUND', contentMessages.tvItemNotFound);
        await repo.deleteTvItem(id, tx);
        await audit(tx, {
          action: 'content.tv.remove',
          targetType: 'tv-item',
          targetId: String(id),
          reason,
          before: toOpsTv(before),
        });
        return toOpsTv(before);
      });
    },

    /** Every name the feedback footer knows, in its order; '' for one not set. */
    async supportSettings() {
      const values = new Map((await repo.listSupportSettings()).map((row) => [row.name, row.value]));
      return supportSettingNames.map((name) => ({ name, value: values.get(name) ?? '' }));
    },
    saveSupportSetting({ name, value }: z.output<typeof SupportSettingFormSchema>, audit: RecordAudit) {
      return db.transaction(async (tx) => {
        const before = await repo.supportSettingForUpdate(name, tx);
        await repo.saveSupportSetting(name, value, now(), tx);
        await audit(tx, {
          action: 'content.support.set',
          targetType: 'support-setting',
          targetId: name,
          before: { value: before?.value ?? '' },
          after: { value },
        });
        return { name, value };
      });
    },
  };
}
