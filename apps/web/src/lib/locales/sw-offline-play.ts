import type { enOfflinePlay } from './en-offline-play.ts';
import type { Texts } from './shape.ts';

/** Kiswahili texts of playing offline (ADR 0065), beside the English of en-offline-play.ts. */
export const swOfflinePlay = {
  title: 'Cheza bila mtandao',
  intro: 'Imehifadhiwa kwenye simu hii: cheza sasa, na alama zako zitatumwa utakaporudi mtandaoni.',
  empty:
    'Bado hakuna mchezo uliohifadhiwa kwenye simu hii. Fungua mchezo ukiwa mtandaoni na utaweza kuucheza hapa bila mtandao.',
  freePlay: 'Mchezo huru · michezo iliyohifadhiwa: {{count}}',
  forTournament: '{{name}} · michezo iliyohifadhiwa: {{count}}',
  play: 'Cheza sasa: {{name}}',
  runsTitle: 'Alama kwenye simu hii',
  waiting: 'Inasubiri kutumwa: itatumwa utakaporudi mtandaoni.',
  refused: 'Hazikuhesabiwa: {{reason}}',
  dismiss: 'Ondoa',
  sent: 'Alama zimetumwa: {{points}} katika {{game}}.',
  notCounted: 'Alama ulizopata bila mtandao hazikuhesabiwa. Dashibodi yako inaeleza sababu.',
  noneKept:
    'Hakuna mchezo wa mchezo huu uliohifadhiwa kwenye simu hii. Unganisha kwenye intaneti ili ucheze.',
} as const satisfies Texts<typeof enOfflinePlay>;
