import { afterEach, describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLocale } from '../../../api/src/lib/rules/locales';
import { LOCALE_NAMES, LOCALES } from '../../../api/src/lib/rules/locales';
import { catalogue } from '../../../api/src/lib/errors.contract';
import { branded } from '../brand';
import { applyLocale, defineMessages, formatDay, formatNumber, fromEnglish, t, tn, wordsReady } from '.';

afterEach(() => applyLocale('en'));

describe('the popup in the user language', () => {
  it('writes whole numbers under 1,000 as Intl does in every language, and larger ones by Intl', async () => {
    for (const code of LOCALES) {
      await applyLocale(code);
      const intl = new Intl.NumberFormat(code);
      for (const n of [0, 1, 7, 42, 999]) expect(formatNumber(n)).toBe(intl.format(n));
      expect(formatNumber(1234)).toBe(intl.format(1234));
      expect(formatNumber(-3)).toBe(intl.format(-3));
    }
    await applyLocale('en');
  });

  it('names each language in the selector as its speakers do (as Intl.DisplayNames would)', () => {
    for (const code of LOCALES) {
      const own = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
      expect(LOCALE_NAMES[code]).toBe(own.charAt(0).toLocaleUpperCase(code) + own.slice(1));
    }
  });

  it('picks the chosen language, then the page, then the browser, then English', () => {
    expect(pickLocale({ chosen: 'de', page: 'fr', browser: ['ja'] })).toBe('de');
    expect(pickLocale({ chosen: 'xx', page: 'fr-CA', browser: ['ja'] })).toBe('fr');
    expect(pickLocale({ page: '', browser: ['xx-YY', 'pt-BR'] })).toBe('pt');
    expect(pickLocale({ browser: [] })).toBe('en');
    expect(acceptedLanguages('de;q=0.5, fr-CH, *;q=0.1, ja;q=0')).toEqual(['fr-CH', 'de']);
  });

  it('speaks the loaded language and fills placeholders; English where a key has no translation', async () => {
    expect(t('picker.chooseBoard')).toBe('Choose board');
    await applyLocale('fr');
    expect(t('picker.chooseBoard')).toBe('Choisir un tableau');
    expect(t('success.savedTo', { board: 'Recettes' })).toBe('Enregistrée dans Recettes');
    expect(t('pages.home')).toBe('Accueil');
  });

  it('counts by the language plural rules, with Intl numbers', async () => {
    expect(tn('picker.pins', 1)).toBe('1 Pin');
    expect(tn('picker.pins', 1234)).toBe('1,234 Pins');
    await applyLocale('ru');
    expect([1, 3, 5, 21].map((n) => tn('picker.pins', n))).toEqual(['1 пин', '3 пина', '5 пинов', '21 пин']);
    expect(formatNumber(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
    await applyLocale('de');
    expect(formatDay('2026-03-01')).toBe('01.03.2026');
  });

  it("translates the server's English messages it knows, a board's name or a length kept as sent, and keeps the rest", async () => {
    expect(fromEnglish('Psst! You already saved this Pin to this board')).toBe('Psst! You already saved this Pin to this board');
    await applyLocale('es');
    expect(fromEnglish('Psst! You already saved this Pin to this board')).toBe('¡Psst! Ya has guardado este Pin en este tablero');
    expect(fromEnglish('Sorry, you’re not eligible to sign up for Corkboard right now.')).toBe('Lo sentimos, ahora mismo no puedes registrarte en Corkboard.');
    expect(fromEnglish('Psst! You already saved this Pin to Recipes')).toBe('¡Psst! Ya has guardado este Pin en Recipes');
    await applyLocale('fr');
    expect(fromEnglish('Psst! You already saved this Pin to Home décor')).toBe('Psst ! Vous avez déjà enregistré cette épingle dans Home décor');
    expect(fromEnglish('Please enter no more than 50 characters.')).toBe('Veuillez ne pas saisir plus de 50 caractères.');
    expect(fromEnglish('name: Please enter no more than 50 characters.')).toBe('Veuillez ne pas saisir plus de 50 caractères.');
    expect(fromEnglish('That address is not allowed.')).toBe(t('server.addressNotAllowed'));
    expect(fromEnglish('A message we have no words for')).toBe('A message we have no words for');
    expect(fromEnglish('name: A message we have no words for')).toBe('name: A message we have no words for');
    await applyLocale('en');
  });

  it('shows every message of the API’s error catalogue in each language, so no refusal reaches a French page in English', async () => {
    for (const lang of LOCALES.filter((l) => l !== 'en')) {
      await applyLocale(lang);
      const english = Object.entries(catalogue).filter(([, entry]) => fromEnglish(branded(entry.message)) === branded(entry.message));
      expect(
        english.map(([name]) => name),
        lang,
      ).toEqual([]);
    }
    await applyLocale('fr');
    expect(fromEnglish("Sorry, we couldn't find that board.")).toBe("Désolé, nous n'avons pas trouvé ce tableau.");
    expect(fromEnglish('This request did not come from Corkboard and was refused.')).not.toContain('{brand}');
    await applyLocale('en');
    expect(fromEnglish("Sorry, we couldn't find that board.")).toBe("Sorry, we couldn't find that board.");
  });

  it("loads an area's words with the language: English at once, the current language before the page shows, the next on a change", async () => {
    await applyLocale('fr');
    const asked: string[] = [];
    const words: Record<string, Record<string, string>> = {
      fr: { hello: 'Bonjour {{name}}', boards_one: '{{count}} tableau', boards_other: '{{count}} tableaux' },
      de: { hello: 'Hallo {{name}}' },
    };
    const loaders = Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, async () => (asked.push(l), { default: words[l] ?? {} })]));
    const area = defineMessages(
      'testArea',
      { hello: 'Hello {{name}}', boards_one: '{{count}} board', boards_other: '{{count}} boards', only: 'Only in English' },
      (lang) => loaders[lang]!() as never,
    );
    await wordsReady();
    expect(area.t('hello', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(area.tn('boards', 2)).toBe('2 tableaux');
    expect(area.t('only')).toBe('Only in English');
    await applyLocale('de');
    expect(area.t('hello', { name: 'Ana' })).toBe('Hallo Ana');
    await applyLocale('en');
    expect(area.tn('boards', 1)).toBe('1 board');
    expect(asked).toEqual(['fr', 'de']);
  });
});
