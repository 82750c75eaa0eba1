import type { Language } from './language.ts';
import { translateServerMessage } from './translate.ts';

/**
 * The notifications the server writes (payments, tournaments, awards), in Kiswahili, keyed by the
 * English text stored with them (ADR 0032): a notification is stored in English and said in the
 * reader's language each time it is read or pushed, so an old one reads in Kiswahili too. Names
 * (tournaments, games, packages, players) and amounts (`kes 50.00`) are kept as written.
 */
const texts: Record<string, string> = {
  'Boost sent': 'Umemwongezea rafiki pesa',
  'You were boosted!': 'Umeongezewa pesa!',
  'Subscription active': 'Kifurushi kinatumika',
  'Refund received': 'Umerudishiwa pesa',
  'Withdrawal sent': 'Pesa zimetumwa',
  'Top up received': 'Pesa zimewekwa',
  'Refund delayed': 'Kurudishiwa pesa kumechelewa',
  'Withdrawal not completed': 'Kutoa pesa hakukukamilika',
  'Payment not completed': 'Malipo hayakukamilika',
  'The payment could not be completed. Please try again.':
    'Malipo hayakuweza kukamilika. Tafadhali jaribu tena.',
  'New challenge': 'Changamoto mpya',
  'You won a challenge': 'Umeshinda changamoto',
  'You lost a challenge': 'Umeshindwa kwenye changamoto',
  'Your challenge is a tie': 'Changamoto yako imeisha sare',
  'No prizes will be given for it. Your scores are kept.':
    'Hakutakuwa na zawadi kwa mashindano haya. Alama zako zimehifadhiwa.',
};

type Pattern = [RegExp, (...groups: string[]) => string | undefined];
const amount = 'kes [\\d,]+\\.\\d{2}';

const patterns: Pattern[] = [
  [
    new RegExp(`^You boosted your friend's wallet with (${amount})\\.$`),
    (kes) => `Umemwongezea rafiki yako ${kes} kwenye pochi yake.`,
  ],
  [
    new RegExp(`^You boosted (.+)'s wallet with (${amount})\\.$`),
    (friend, kes) => `Umemwongezea ${friend} ${kes} kwenye pochi yake.`,
  ],
  [
    new RegExp(`^A friend boosted your wallet with (${amount})\\.$`),
    (kes) => `Rafiki amekuongezea ${kes} kwenye pochi yako.`,
  ],
  [
    new RegExp(`^(.+) boosted your wallet with (${amount})\\.$`),
    (payer, kes) => `${payer} amekuongezea ${kes} kwenye pochi yako.`,
  ],
  [
    new RegExp(`^Your (.+) package is active for (\\d+) hours\\. You paid (${amount})\\.$`),
    (name, hours, kes) => `Kifurushi chako cha ${name} kinatumika kwa saa ${hours}. Umelipa ${kes}.`,
  ],
  [
    new RegExp(`^Your package is active for (\\d+) hours\\. You paid (${amount})\\.$`),
    (hours, kes) => `Kifurushi chako kinatumika kwa saa ${hours}. Umelipa ${kes}.`,
  ],
  [
    new RegExp(`^(${amount}) was refunded to your M-Pesa\\.$`),
    (kes) => `Umerudishiwa ${kes} kwenye M-Pesa yako.`,
  ],
  [
    new RegExp(`^(${amount}) was refunded to your card\\.$`),
    (kes) => `Umerudishiwa ${kes} kwenye kadi yako.`,
  ],
  [
    new RegExp(`^(${amount}) was refunded to your wallet\\.$`),
    (kes) => `Umerudishiwa ${kes} kwenye pochi yako.`,
  ],
  [new RegExp(`^(${amount}) was sent to your M-Pesa\\.$`), (kes) => `${kes} zimetumwa kwenye M-Pesa yako.`],
  [new RegExp(`^(${amount}) is in your wallet\\.$`), (kes) => `${kes} ziko kwenye pochi yako.`],
  [
    new RegExp(`^We could not send your refund of (${amount}) to your card\\. Our team will be in touch\\.$`),
    (kes) => `Hatukuweza kukurudishia ${kes} kwenye kadi yako. Timu yetu itawasiliana nawe.`,
  ],
  [
    new RegExp(`^We could not send your refund of (${amount}) to M-Pesa\\. Our team will be in touch\\.$`),
    (kes) => `Hatukuweza kukurudishia ${kes} kwenye M-Pesa. Timu yetu itawasiliana nawe.`,
  ],
  [
    /^(.+) Your money is back in your wallet\.$/,
    (reason = '') => {
      // A provider's reason the catalogue lacks stays as the provider wrote it.
      return `${notificationTextSw(reason) ?? reason} Pesa zako zimerudi kwenye pochi yako.`;
    },
  ],
  [/^You won (.+)!$/, (award) => `Umeshinda ${award}!`],
  [
    /^Your prize: a day of (.+), active now\.$/,
    (prize) => `Zawadi yako: siku moja ya ${prize}, inatumika sasa.`,
  ],
  [/^(.+) has ended$/, (name) => `${name} yamekwisha`],
  [/^(.+) has started$/, (name) => `${name} yameanza`],
  [/^(.+) was cancelled$/, (name) => `${name} yamesitishwa`],
  [
    /^You finished #([\d,]+) of ([\d,]+)\.$/,
    (place, total) => `Umemaliza nafasi ya ${place} kati ya ${total}.`,
  ],
  [
    /^(.+) challenged you to beat ([\d.,]+) points in (.+)\.$/,
    (challenger, points, game) =>
      `${challenger} amekupa changamoto ya kushinda alama ${points} kwenye ${game}.`,
  ],
  [
    /^(.+) scored ([\d.,]+) points in (.+) against your ([\d.,]+)\.$/,
    (friend, points, game, yours) =>
      `${friend} amepata alama ${points} kwenye ${game} dhidi ya alama zako ${yours}.`,
  ],
  [/^Play (.+) now and climb the leaderboard\.$/, (game) => `Cheza ${game} sasa upande kwenye msimamo.`],
];

/** A notification's English title or body in Kiswahili; undefined when neither catalogue has it. */
export function notificationTextSw(english: string): string | undefined {
  const exact = texts[english];
  if (exact !== undefined) return exact;
  for (const [pattern, render] of patterns) {
    const match = pattern.exec(english);
    if (match) {
      const text = render(...match.slice(1));
      if (text !== undefined) return text;
    }
  }
  // A payment's failure reason is one of the server's own messages (the provider's, translated).
  return translateServerMessage(english, 'sw');
}

/** A notification's text in `language`: English as stored, or its Kiswahili (English when there is none). */
export function notificationText(english: string, language: Language): string {
  return language === 'en' ? english : (notificationTextSw(english) ?? english);
}
