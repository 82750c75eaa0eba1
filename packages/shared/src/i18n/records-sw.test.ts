import { describe, expect, it } from 'vitest';
import { recordText } from './records-sw.ts';

describe('records the server keeps in English, read in Kiswahili', () => {
  it.each([
    ['Top up from M-Pesa', 'Kuweka pesa kutoka M-Pesa'],
    ['Withdrawal to M-Pesa', 'Kutoa pesa kwenda M-Pesa'],
    ['Boost from amina_w', 'Umeongezewa pesa na amina_w'],
    ['Boost from a friend refunded', 'Pesa ulizoongezewa na rafiki zimerudishwa'],
    ['Boost to brian.k from M-Pesa', 'Umemwongezea brian.k pesa kwa M-Pesa'],
    ['Boost to brian.k', 'Umemwongezea brian.k pesa'],
    ['Bronze package', 'Kifurushi cha Bronze'],
    ['Gold package with airtime', 'Kifurushi cha Gold kwa salio la simu (airtime)'],
    ['Daily package by card', 'Kifurushi cha siku kwa kadi'],
    ['Matatu Rush Launch Cup champions', 'Mabingwa wa Matatu Rush Launch Cup'],
    [
      'The top three of Matatu Rush Launch Cup on Matatu Rush. Prizes: a day of Gold, Silver and Bronze.',
      'Washindi watatu wa kwanza wa Matatu Rush Launch Cup kwenye Matatu Rush. Zawadi: siku moja ya Gold, Silver na Bronze.',
    ],
    ['The winner of Snake Cup on Savanna Snake.', 'Mshindi wa Snake Cup kwenye Savanna Snake.'],
  ])('says %j in Kiswahili', (english, kiswahili) => {
    expect(recordText(english, 'sw')).toBe(kiswahili);
  });

  it('keeps English for an English reader, and a text it does not know', () => {
    expect(recordText('Bronze package', 'en')).toBe('Bronze package');
    expect(recordText('An operator wrote this', 'sw')).toBe('An operator wrote this');
  });
});
