/**
 * English texts of playing offline (ADR 0065): the kept games, the runs waiting on the phone. Read by
 * the screens' offline parts, lazy chunks, so no first screen carries them (components/offline-play, lib/offline-play).
 */
export const enOfflinePlay = {
  title: 'Play offline',
  intro: 'Kept on this phone: play now, and your score is sent when you are back online.',
  empty: 'No game is kept on this phone yet. Open a game while online and it can be played offline here.',
  freePlay: 'Free play · plays kept: {{count}}',
  forTournament: '{{name}} · plays kept: {{count}}',
  play: 'Play now: {{name}}',
  runsTitle: 'Scores on this phone',
  waiting: 'Waiting to send: it goes when you are back online.',
  refused: 'Not counted: {{reason}}',
  dismiss: 'Dismiss',
  sent: 'Score sent: {{points}} in {{game}}.',
  notCounted: 'A score played offline was not counted. Your dashboard says why.',
  noneKept: 'No play of this game is kept on this phone. Connect to the internet to play.',
} as const;
