import { chatMessages } from '@playon/shared/chat';
import { gameMessages } from '@playon/shared/games';
import { airtimeOnlyBronzeMessage } from '@playon/shared/subscriptions';
import { tvMessages } from '@playon/shared/support';
import { tournamentMessages } from '@playon/shared/tournaments';
import { CHAT_MEDIA_MAX_BYTES, uploadMessages } from '@playon/shared/upload';
import { userMessages } from '@playon/shared/users';
import { describe, expect, it } from 'vitest';
import translator from '../translation';
import '../i18n';
import { en } from './en';

describe("the English notices the screens show from the feature modules' messages", () => {
  it('are word for word the shared modules', () => {
    expect(en.notices).toMatchObject({
      anonymous: tournamentMessages.anonymous,
      tournamentNoDescription: tournamentMessages.noDescription,
      noLeaderboard: tournamentMessages.noLeaderboard,
      hallOfFameEmpty: tournamentMessages.hallOfFameEmpty,
      tvError: tvMessages.error,
      gameFetchFailed: gameMessages.fetchFailed,
      uploadFailed: chatMessages.uploadFailed,
      notAnImage: uploadMessages.notAnImage,
      userNotFound: userMessages.notFound,
      cannotBoostSelf: userMessages.cannotBoostSelf,
      airtimeBronzeOnly: airtimeOnlyBronzeMessage,
    });
  });

  it('fill in names and sizes as the modules do', () => {
    const t = translator.getFixedT('en');
    expect(t('notices.leftRoom', { name: 'Matatu Rush' })).toBe(chatMessages.left('Matatu Rush'));
    expect(t('notices.fileTooLarge', { mb: Math.round(CHAT_MEDIA_MAX_BYTES / 1024 / 1024) })).toBe(
      uploadMessages.tooLarge(CHAT_MEDIA_MAX_BYTES),
    );
  });
});
