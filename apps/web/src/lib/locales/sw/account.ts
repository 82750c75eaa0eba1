import { APP_VERSION } from '@playon/shared/format';
import { messagesSw } from '@playon/shared/messages';
import type { enAccount } from '../en/account.ts';
import type { Texts } from '../shape.ts';

/** Kiswahili texts of the dashboard, the account and profile screens, the language and the accessibility page. */
export const swAccount = {
  dashboard: {
    greeting: 'Habari, {{name}}',
    greetingFallback: 'Habari yako',
    subtitle: 'Uko tayari kucheza?',
    recentlyPlayed: 'Uliyocheza karibuni',
    recentlyPlayedEmpty: 'Bado hujacheza mchezo wowote karibuni.',
    featured: 'Michezo maalum',
    featuredEmpty: 'Hakuna michezo maalum kwa sasa.',
    allGames: 'Michezo yote',
    events: 'Matukio',
    eventDot: 'Onyesha tukio la {{number}}',
    logout: 'Toka',
    loggingOut: 'Unatoka',
    version: `Toleo ${APP_VERSION}`,
  },
  account: {
    challenges: 'Changamoto',
    title: 'Akaunti',
    noName: 'Hatukuweza kupata jina',
    view: 'Tazama',
    settings: 'Mipangilio',
    currency: 'Sarafu',
    country: 'Nchi',
    changePassword: 'Badilisha nenosiri',
    legal: 'Sheria',
    terms: 'Masharti ya Huduma',
    privacy: 'Sera ya Faragha',
    language: 'Lugha',
  },
  language: {
    title: 'Lugha',
    names: { en: 'English', sw: 'Kiswahili' },
    choose: 'Chagua lugha yako',
    saved: 'Lugha imebadilishwa',
  },
  profile: {
    title: 'Wasifu',
    changePicture: 'Badilisha picha ya wasifu',
    uploading: 'Inapakia picha',
    edit: 'Badilisha {{field}}',
    chooseGender: 'Chagua jinsia yako',
    deleteTitle: 'Futa akaunti yangu',
    deleteBody:
      'Ukifuta akaunti yako, pochi yako, salio lake na maelezo yako yote binafsi yanafutwa kabisa. Hayawezi kurudishwa. Ili kufuta akaunti yako, wasiliana na huduma kwa wateja wa PlayOn.',
    loadFailed: 'Hatukuweza kupakia wasifu wako. Angalia mtandao wako kisha ujaribu tena.',
    fields: {
      name: 'Jina',
      username: 'Jina la mtumiaji',
      email: 'Barua pepe',
      dob: 'Tarehe ya kuzaliwa',
      gender: 'Jinsia',
      phone: 'Nambari ya simu',
    },
    enter: {
      name: 'Weka jina lako',
      username: 'Weka jina lako la mtumiaji',
      email: 'Weka barua pepe yako',
      dob: 'Weka tarehe yako ya kuzaliwa',
      gender: 'Chagua jinsia yako',
      phone: 'Weka nambari yako ya simu',
    },
    notSet: messagesSw.notSet,
    updated: {
      name: messagesSw.fieldUpdated('jina lako'),
      username: messagesSw.fieldUpdated('jina lako la mtumiaji'),
      email: messagesSw.fieldUpdated('barua pepe yako'),
      dob: messagesSw.fieldUpdated('tarehe yako ya kuzaliwa'),
      gender: messagesSw.fieldUpdated('jinsia yako'),
      phone: messagesSw.fieldUpdated('nambari yako ya simu'),
    },
    pictureUpdated: messagesSw.uploadSuccessful,
    genders: { MALE: 'Mwanamume', FEMALE: 'Mwanamke', OTHER: 'Nyingine' },
  },
  picker: {
    countryTitle: 'Nchi',
    currencyTitle: 'Sarafu',
    searchCountry: 'Tafuta nchi',
    searchCurrency: 'Tafuta sarafu',
    current: 'Sasa: {{name}}',
    none: 'Haijawekwa',
    updated: { country: messagesSw.pickerUpdated('country'), currency: messagesSw.pickerUpdated('currency') },
    empty: messagesSw.emptyPicker,
  },
  accessibility: {
    title: 'Ufikivu',
    intro:
      'PlayOn ni ya kila mchezaji, wakiwemo wanaotumia kisoma skrini, kibodi, maandishi makubwa au mwendo mdogo. Tunalenga kufikia Miongozo ya Ufikivu wa Maudhui ya Wavuti (WCAG) 2.2 kiwango cha AA, kwa Kiingereza na kwa Kiswahili.',
    supportTitle: 'Kinachokufaa',
    supportScreenReader:
      'Visoma skrini kama TalkBack: kila kitufe, sehemu ya kujaza na orodha ina jina, na ujumbe kama matokeo ya malipo husomwa bila kukuhamisha ulipo.',
    supportKeyboard:
      'Kibodi: kila skrini inatumika kwa Tab, Enter na Escape. Dirisha linalofunguka juu ya skrini hushika mwelekeo ndani yake na kuurudisha linapofungwa.',
    supportText:
      'Maandishi makubwa: programu hufuata ukubwa wa maandishi wa simu yako, hadi mara mbili ya kawaida, bila kukata maneno wala kusogeza kando.',
    supportMotion:
      'Mwendo mdogo: simu yako ikiomba hivyo, matukio ya ukurasa wa nyumbani husimama na hakuna kinachoteleza. Matukio pia yana kitufe cha kusimamisha.',
    supportColour:
      'Rangi si ishara pekee: pesa inayoingia na kutoka kwenye pochi yako ina + au −, na kila hali imeandikwa kwa maneno.',
    supportLanguage:
      'Lugha yako: chagua Kiingereza au Kiswahili kwenye skrini ya kukaribisha au kwenye Akaunti.',
    limitsTitle: 'Mipaka tunayoijua',
    limitsGames:
      'Michezo ni picha zinazochorwa: kisoma skrini husoma alama na kitufe cha kusimamisha, si kinachoendelea ubaoni.',
    limitsVideos:
      'Playon TV huonyesha video kwenye kicheza video cha YouTube, chenye manukuu na vidhibiti vya YouTube.',
    limitsCard: 'Malipo kwa kadi humalizika kwenye ukurasa wa mtoa huduma wa kadi, ambao si wa PlayOn.',
    reportTitle: 'Tuambie kuhusu tatizo',
    report:
      'Kitu chochote kikiwa kigumu kutumia, tuambie kupitia Maoni kwenye Akaunti: taja skrini na kilichotokea. Tunasoma kila ujumbe.',
    reportLink: 'Tuma maoni',
  },
} as const satisfies Texts<typeof enAccount>;
