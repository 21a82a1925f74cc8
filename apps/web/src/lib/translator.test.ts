import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

function translator() {
  const texts = createTranslator({
    language: 'hr',
    fallbackLanguage: 'en',
    defaultNamespace: 'common',
    fallbackNamespaces: ['common', 'admin'],
  });
  texts.addTexts('hr', 'common', {
    greeting: 'Bok, {{name}}!',
    menu: { home: 'Početna' },
    items_one: '{{count}} sadržaj',
    items_few: '{{count}} sadržaja',
    items_other: '{{count}} sadržaja',
    pair: '{{first}} i {{second}}',
  });
  texts.addTexts('en', 'common', { greeting: 'Hello, {{name}}!', onlyEnglish: 'Only in English' });
  texts.addTexts('hr', 'home', { title: 'Naslovnica', menu: { home: 'Doma' } });
  texts.addTexts('hr', 'admin', { staffOnly: 'Za osoblje' });
  return texts;
}

describe('texts', () => {
  it('finds a dotted key in the namespace asked for, before the default one', () => {
    const texts = translator();
    expect(texts.t('menu.home')).toBe('Početna');
    expect(texts.t('menu.home', { ns: 'home' })).toBe('Doma');
    expect(texts.getFixedT(undefined, 'home')('title')).toBe('Naslovnica');
  });

  it('looks in the fallback namespaces, then in the fallback language, and shows the key when none has it', () => {
    const texts = translator();
    expect(texts.t('staffOnly', { ns: 'home' })).toBe('Za osoblje');
    expect(texts.t('onlyEnglish', { ns: 'home' })).toBe('Only in English');
    expect(texts.t('nowhere.atAll')).toBe('nowhere.atAll');
    expect(texts.t('nowhere', { defaultValue: 'Zadano, {{name}}', name: 'Ana' })).toBe('Zadano, Ana');
    expect(texts.exists('staffOnly', { ns: 'home' })).toBe(true);
    expect(texts.exists('nowhere')).toBe(false);
  });

  it("takes the plural form of the count in the text's language (Croatian one, few and other)", () => {
    const texts = translator();
    expect([1, 3, 5, 21, 22, 25].map((count) => texts.t('items', { count }))).toEqual([
      '1 sadržaj',
      '3 sadržaja',
      '5 sadržaja',
      '21 sadržaj',
      '22 sadržaja',
      '25 sadržaja',
    ]);
  });

  it('fills the variables given, even with an empty value, and leaves the ones not given as written', () => {
    const texts = translator();
    expect(texts.t('pair', { first: '<b>', second: 2 })).toBe('<b> i 2');
    expect(texts.t('pair', { first: '', second: undefined })).toBe(' i ');
    expect(texts.t('pair', { first: '{{second}}' })).toBe('{{second}} i {{second}}');
  });

  it('speaks the language changed to, and tells whoever listens', () => {
    const texts = translator();
    const changed = vi.fn();
    const languages: string[] = [];
    texts.subscribe(changed);
    const stop = texts.onLanguageChange((language) => languages.push(language));
    const homeT = texts.namespaceT('home');
    expect(texts.namespaceT('home')).toBe(homeT);

    texts.changeLanguage('en');
    expect(texts.t('greeting', { name: 'Ana' })).toBe('Hello, Ana!');
    expect(texts.t('greeting', { name: 'Ana', lng: 'hr' })).toBe('Bok, Ana!');
    expect(languages).toEqual(['en']);
    expect(changed).toHaveBeenCalledTimes(1);
    // A new function, so that a component handed the old one renders again.
    expect(texts.namespaceT('home')).not.toBe(homeT);

    stop();
    texts.changeLanguage('hr');
    expect(languages).toEqual(['en']);
    texts.addTexts('en', 'home', { title: 'Home' });
    expect(changed).toHaveBeenCalledTimes(3);
  });
});
