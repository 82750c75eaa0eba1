import { translateServerMessage } from '@playon/shared/i18n/translate';
import { invalidSafaricomPhoneMessage } from '@playon/shared/payments';
import { insufficientFundsMessage } from '@playon/shared/wallet';
import { describe, expect, it } from 'vitest';
import { enInsight } from '../../features/ops/insight/locales/en-insight';
import { swInsight } from '../../features/ops/insight/locales/sw-insight';
import { en } from './en';
import { enOfflinePlay } from './en-offline-play';
import { enWelcome } from './en-welcome';
import { sw } from './sw';
import { swOfflinePlay } from './sw-offline-play';
import { swWelcome } from './sw-welcome';

/** Every text with its dotted path ('wallet.paidWith.CARD', 'slides.0.title'). */
function leavesOf(texts: object, prefix = ''): Array<[path: string, text: unknown]> {
  return Object.entries(texts).flatMap(
    ([key, value]): Array<[string, unknown]> =>
      typeof value === 'object' && value !== null
        ? leavesOf(value, `${prefix}${key}.`)
        : [[`${prefix}${key}`, value]],
  );
}

const pathsOf = (texts: object) => leavesOf(texts).map(([path]) => path);

/** The `{{name}}` placeholders of every text, by path: a translation must keep each one. */
const placeholdersOf = (texts: object) =>
  Object.fromEntries(
    leavesOf(texts).map(([path, text]) => [
      path,
      [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort(),
    ]),
  );

const pairs = [
  ['the app', en, sw],
  ['the welcome page', enWelcome, swWelcome],
  ['playing offline', enOfflinePlay, swOfflinePlay],
  ['the console’s Insight area', enInsight, swInsight],
] as const;

describe('the Kiswahili texts', () => {
  it.each(pairs)('of %s have every English key and no other', (_, english, kiswahili) => {
    const englishPaths = pathsOf(english);
    const kiswahiliPaths = pathsOf(kiswahili);
    expect(
      kiswahiliPaths.filter((path) => !englishPaths.includes(path)),
      'only in Kiswahili',
    ).toEqual([]);
    expect(
      englishPaths.filter((path) => !kiswahiliPaths.includes(path)),
      'only in English',
    ).toEqual([]);
  });

  it.each(pairs)('of %s keep the placeholders of the English ones', (_, english, kiswahili) => {
    expect(placeholdersOf(kiswahili)).toEqual(placeholdersOf(english));
  });

  it.each(pairs)('of %s leave no text empty', (_, _english, kiswahili) => {
    const empty = leavesOf(kiswahili).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(empty.map(([path]) => path)).toEqual([]);
  });
});

describe('messages the shared rules write and the web app shows', () => {
  it.each([
    ['payment.invalidPhone', invalidSafaricomPhoneMessage, en.payment.invalidPhone, sw.payment.invalidPhone],
    [
      'payment.withdrawalShort',
      insufficientFundsMessage,
      en.payment.withdrawalShort,
      sw.payment.withdrawalShort,
    ],
  ])('%s says what the rule and the server say, in both languages', (_, rule, english, kiswahili) => {
    expect(english).toBe(rule);
    expect(kiswahili).toBe(translateServerMessage(rule, 'sw'));
  });
});
