import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from './locales/en';
import translator, { useTranslation } from './translation';

const english = {
  wallet: { title: 'Wallet', greeting: 'Hi, {{name}}', twice: '{{name}} and {{ name }}' },
  chat: { members_one: '{{count}} member', members_other: '{{count}} members', plain: 'Plain' },
  onlyEnglish: 'Only in English',
};
const kiswahili = {
  wallet: { title: 'Pochi' },
  chat: { members_one: 'mwanachama {{count}}', members_other: 'wanachama {{count}}' },
};

describe('the translator', () => {
  beforeEach(() => {
    translator.addResourceBundle('en', 'translation', english);
    translator.addResourceBundle('sw', 'translation', kiswahili);
  });
  afterEach(async () => {
    await translator.changeLanguage('en');
    translator.addResourceBundle('en', 'translation', en);
  });

  it('finds nested keys and fills {{names}} from the options, leaving names it is not given', () => {
    expect(translator.t('wallet.title')).toBe('Wallet');
    expect(translator.t('wallet.greeting', { name: 'Wanjiru' })).toBe('Hi, Wanjiru');
    expect(translator.t('wallet.twice', { name: '<b>' })).toBe('<b> and <b>');
    expect(translator.t('wallet.greeting')).toBe('Hi, {{name}}');
  });

  it("takes the plural form the language's rules name for count, and the plain key without one", () => {
    expect(translator.t('chat.members', { count: 1 })).toBe('1 member');
    expect(translator.t('chat.members', { count: 0 })).toBe('0 members');
    expect(translator.t('chat.members', { count: 12 })).toBe('12 members');
    expect(translator.t('chat.plain', { count: 3 })).toBe('Plain');
    expect(translator.getFixedT('sw')('chat.members', { count: 1 })).toBe('mwanachama 1');
    expect(translator.getFixedT('sw')('chat.members', { count: 5 })).toBe('wanachama 5');
  });

  it('falls back to English, then the default value, then the key', async () => {
    await translator.changeLanguage('sw');
    expect(translator.language).toBe('sw');
    expect(translator.t('wallet.title')).toBe('Pochi');
    expect(translator.t('onlyEnglish')).toBe('Only in English');
    expect(translator.t('nowhere.at.all', { defaultValue: 'M-Pesa' })).toBe('M-Pesa');
    expect(translator.t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(translator.t('wallet')).toBe('wallet');
    expect(translator.t('wallet.title', { lng: 'en' })).toBe('Wallet');
  });

  it('renders components again in the new language, with a t that changes only then', async () => {
    const seen: unknown[] = [];
    function Title() {
      const { t } = useTranslation();
      seen.push(t);
      return <h1>{t('wallet.title')}</h1>;
    }
    const { rerender } = render(<Title />);
    rerender(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Wallet');
    expect(seen[0]).toBe(seen[1]);
    await act(() => translator.changeLanguage('sw'));
    expect(screen.getByRole('heading').textContent).toBe('Pochi');
    expect(seen.at(-1)).not.toBe(seen[0]);
    expect(translator.hasResourceBundle('sw', 'translation')).toBe(true);
    expect(translator.hasResourceBundle('fr', 'translation')).toBe(false);
  });
});
