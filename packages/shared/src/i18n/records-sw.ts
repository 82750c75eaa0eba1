import type { Language } from './language.ts';

/**
 * Records the server keeps in English, as it wrote them (the wallet history's descriptions, the hall
 * of fame's titles), said in Kiswahili each time a player reads them, as notifications are (ADR 0032).
 * Names (players, tournaments, games, packages) are kept as written. Terms follow docs/glossary.md.
 */
const texts: Record<string, string> = {
  'Top up from M-Pesa': 'Kuweka pesa kutoka M-Pesa',
  'Top up by card': 'Kuweka pesa kwa kadi',
  'Withdrawal to M-Pesa': 'Kutoa pesa kwenda M-Pesa',
  'Withdrawal reversed': 'Kutoa pesa kumerudishwa',
  'Refund to your wallet': 'Umerudishiwa pesa kwenye pochi yako',
  'Refund to M-Pesa': 'Umerudishiwa pesa kwenye M-Pesa',
  'Refund to your card': 'Umerudishiwa pesa kwenye kadi yako',
};

/** How an outside payment was made, after a history description ('from M-Pesa', 'by card'). */
const viaSw: Record<string, string> = {
  'from M-Pesa': 'kwa M-Pesa',
  'by card': 'kwa kadi',
  'with airtime': 'kwa salio la simu (airtime)',
};
const via = '(?: (from M-Pesa|by card|with airtime))?';
const withVia = (text: string, how: string | undefined) => (how ? `${text} ${viaSw[how]}` : text);
/** The history's name for a player it cannot name. */
const player = (name: string) => (name === 'a friend' ? 'rafiki' : name);

/** The hall of fame's "The winner", "The top two", "The top three". */
const podiumSw: Record<string, string> = {
  'The winner': 'Mshindi',
  'The top two': 'Washindi wawili wa kwanza',
  'The top three': 'Washindi watatu wa kwanza',
};
const listSw = (list: string) => list.replace(/ and ([^,]+)$/, ' na $1');

type Pattern = [RegExp, (...groups: string[]) => string];

const patterns: Pattern[] = [
  [/^Boost from (.+) refunded$/, (name = '') => `Pesa ulizoongezewa na ${player(name)} zimerudishwa`],
  [/^Boost from (.+)$/, (name = '') => `Umeongezewa pesa na ${player(name)}`],
  [
    new RegExp(`^Boost to (.+?)${via}$`),
    (name = '', how) => withVia(`Umemwongezea ${player(name)} pesa`, how),
  ],
  [new RegExp(`^Daily package${via}$`), (how) => withVia('Kifurushi cha siku', how)],
  [new RegExp(`^(.+?) package${via}$`), (name, how) => withVia(`Kifurushi cha ${name}`, how)],
  [/^(.+) champions$/, (name) => `Mabingwa wa ${name}`],
  [
    /^(The winner|The top two|The top three) of (.+) on (.+?)\.(?: Prizes: a day of (.+)\.)?$/,
    (who = '', name, game, prizes) =>
      `${podiumSw[who]} wa ${name} kwenye ${game}.${prizes ? ` Zawadi: siku moja ya ${listSw(prizes)}.` : ''}`,
  ],
];

/** A record's English text in `language`: the catalogue's Kiswahili, or the English when it has none. */
export function recordText(english: string, language: Language): string {
  if (language === 'en') return english;
  const exact = texts[english];
  if (exact !== undefined) return exact;
  for (const [pattern, render] of patterns) {
    const match = pattern.exec(english);
    if (match) return render(...match.slice(1));
  }
  return english;
}
