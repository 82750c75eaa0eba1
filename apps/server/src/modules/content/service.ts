import type { EventBanner } from '@playon/shared/events';
import type { Language } from '@playon/shared/i18n/language';
import {
  type FeedbackRequest,
  feedbackMessages,
  type SupportSetting,
  type TvItem,
} from '@playon/shared/support';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createContentConsole } from './ops/actions.ts';
import { createContentRepo } from './repo.ts';
import { eventSeeds, supportSettingSeeds, tvItemSeeds } from './seeds.ts';

export { CONTENT_PREFIX } from './seeds.ts';

/** The names the feedback footer knows, in the order it shows them; other rows are the operator's notes. */
const SUPPORT_SETTING_NAMES: readonly SupportSetting['name'][] = [
  'Email',
  'Phone',
  'Instagram',
  'Twitter',
  'Facebook',
  'Whatsapp',
];
const isSupportSettingName = (name: string): name is SupportSetting['name'] =>
  (SUPPORT_SETTING_NAMES as readonly string[]).includes(name);

/** A player may send this many feedback messages in any 24 hours. */
export const FEEDBACK_PER_DAY = 20;

export interface ContentServiceDeps {
  db: Db;
  /** Seed the demo TV items (DEMO_CONTENT). */
  demoContent: boolean;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** The clock that decides which banners are active; tests pass their own. */
  now?: () => Date;
}

export function createContentService({ db, demoContent, log, now = () => new Date() }: ContentServiceDeps) {
  const repo = createContentRepo(db);
  return {
    /**
     * The dashboard's banners active now, in the operators' order, in `language`: a banner's
     * Kiswahili texts and picture where it has them, its English otherwise.
     */
    async listEvents(language: Language = 'en'): Promise<EventBanner[]> {
      const sw = language === 'sw';
      return (await repo.listActiveEvents(now())).map((row) => ({
        id: row.id,
        title: (sw && row.titleSw) || row.title,
        description: (sw && row.descriptionSw) || row.description,
        eventBannerUrl: (sw && row.eventBannerUrlSw) || row.eventBannerUrl,
        tournamentId: row.tournamentId,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** The TV list, each title in `language` where the operator wrote one, in English otherwise. */
    async listTvItems(language: Language = 'en'): Promise<TvItem[]> {
      const sw = language === 'sw';
      return (await repo.listTvItems()).map((row) => ({
        id: row.id,
        channelUrl: row.channelUrl,
        title: (sw && row.titleSw) || row.title,
        thumbnailUrl: row.thumbnailUrl,
        primary: row.primary,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Only settings with a value: the footer shows nothing for a missing one. */
    async listSupportSettings(): Promise<SupportSetting[]> {
      const rows = await repo.listSupportSettings();
      const settings: SupportSetting[] = [];
      for (const row of rows) {
        const value = row.value.trim();
        if (isSupportSettingName(row.name) && value) settings.push({ name: row.name, value });
      }
      return settings.sort(
        (a, b) => SUPPORT_SETTING_NAMES.indexOf(a.name) - SUPPORT_SETTING_NAMES.indexOf(b.name),
      );
    },

    /** Stores the player's feedback for the operator, at most FEEDBACK_PER_DAY in any 24 hours. */
    async sendFeedback(uid: string, request: FeedbackRequest): Promise<string> {
      const id = await db.transaction(async (tx) => {
        await repo.lockPlayerFeedback(uid, tx);
        const sent = await repo.countFeedbackOfLastDay(uid, tx);
        if (sent >= FEEDBACK_PER_DAY) throw new AppError('RATE_LIMITED', feedbackMessages.tooMany);
        return repo.insertFeedback({ uid, ...request }, tx);
      });
      log.info({ feedbackId: id, uid }, 'feedback received');
      return id;
    },

    console: createContentConsole({ db, repo, now }),

    async seed() {
      await repo.insertEvents(eventSeeds);
      await repo.insertSupportSettings(supportSettingSeeds);
      if (demoContent) await repo.insertTvItems(tvItemSeeds);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
export { type ContentJobHandlers, FEEDBACK_ANSWER_MAIL_JOB, registerContentJobs } from './jobs.ts';
/** The console's feedback inbox: answers by mail, close and reopen. */
export { createFeedbackInbox, type FeedbackInbox } from './ops/feedback-actions.ts';
/** One player's feedback for the console and a data request, and its erasure. */
export { createPlayerFeedback } from './player-feedback.ts';
