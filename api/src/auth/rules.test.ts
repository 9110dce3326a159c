import { describe, expect, it } from 'vitest';
import {
  birthdayProblem,
  emailError,
  emailTypoSuggestion,
  firstNameFromEmail,
  isDisposableDomain,
  loginPasswordError,
  MESSAGES,
  parseBirthday,
  passwordMessage,
  passwordProblem,
  typoHint,
} from './rules.js';
import { isWeakPassword } from './rules/strength.js';

const NOW = Date.UTC(2026, 0, 15);

describe('email rules', () => {
  it.each([
    ['', MESSAGES.emailRequired],
    ['   ', MESSAGES.emailRequired],
    ['not-an-email', MESSAGES.emailFormat],
    ['a@b', MESSAGES.emailFormat],
    ['jösé@fastmail.com', MESSAGES.emailNotValid],
    ['test@test.com', MESSAGES.emailNotValid],
    ['1abc@yahoo.com', MESSAGES.emailNotValid],
    ['ab@yahoo.com', MESSAGES.emailNotValid],
    ['_me@hotmail.com', MESSAGES.emailNotValid],
    ['me.@outlook.com', MESSAGES.emailNotValid],
    ['ada@fastmail.com', null],
    ['ada.l@yahoo.com', null],
  ])('%j → %j', (email, message) => expect(emailError(email)).toBe(message));

  it('matches disposable domains by suffix', () => {
    const list = new Set(['mailinator.com']);
    expect(isDisposableDomain('mailinator.com', list)).toBe(true);
    expect(isDisposableDomain('eu.mailinator.com', list)).toBe(true);
    expect(isDisposableDomain('notmailinator.com', list)).toBe(false);
  });

  it.each([
    ['ada@gmial.com', 'ada@gmail.com'],
    ['ada@gmail.co', 'ada@gmail.com'],
    ['ada@gnail.fr', 'ada@gmail.com'],
    ['ada@hotmial.com', 'ada@hotmail.com'],
    ['ada@outlok.com', 'ada@outlook.com'],
    ['ada@yahooo.com', 'ada@yahoo.com'],
    ['ada@gmail.com', null],
    ['ada@mail.com', null],
    ['ada@company.com', null],
    [`${'a'.repeat(50)}@gmial.com`, null],
  ])('typo hint for %j is %j', (email, suggestion) => expect(emailTypoSuggestion(email)).toBe(suggestion));

  it('words the hint as the spec does', () => expect(typoHint('ada@gmail.com')).toBe('Did you mean ada@gmail.com?'));
});

describe('password rules', () => {
  const email = 'ada@fastmail.com';
  it('has both minimum readings', () => {
    expect(passwordMessage(passwordProblem('12345', { minLength: 6, email })!, 6)).toBe('Your password is too short! You need 6+ characters.');
    expect(passwordMessage(passwordProblem('1234567', { minLength: 8, email })!, 8)).toBe('Your password is too short! You need 8+ characters.');
    expect(passwordProblem('1234567', { minLength: 6, email })).toBeNull();
  });
  it('refuses non-ASCII and the username', () => {
    expect(passwordProblem('pässwörd-1', { minLength: 6, email })).toBe('not_ascii');
    expect(passwordProblem('ADA@fastmail.com', { minLength: 6, email })).toBe('same_as_username');
    expect(passwordProblem('ada', { minLength: 3 as 6, email })).toBe('same_as_username');
  });
  it('estimates strength with zxcvbn', () => {
    expect(isWeakPassword('password1', email)).toBe(true);
    expect(isWeakPassword('adafastmail', email)).toBe(true);
    expect(isWeakPassword('Plum-Orchard-42', email)).toBe(false);
  });
  it('checks the log-in password locally as the spec says', () => {
    expect(loginPasswordError('abc', email)).toBe('The password you entered is incorrect.');
    expect(loginPasswordError(email, email)).toBe('The password you entered is incorrect.');
    expect(loginPasswordError('a good one', email)).toBeNull();
  });
});

describe('birthday rules', () => {
  it.each([
    [null, 'required'],
    [Date.UTC(2026, 0, 2), 'invalid'],
    [Date.UTC(2026, 0, 1), 'underage'],
    [Date.UTC(1905, 0, 14), 'overage'],
    [Date.UTC(1906, 0, 15), null],
    [Date.UTC(2008, 0, 15), null],
    [Date.UTC(2008, 0, 16), 'underage'],
  ])('%j → %j', (birthday, problem) => expect(birthdayProblem(birthday, NOW)).toBe(problem));

  // Not a real date between 1900-01-01 and today: 'Invalid date', never an age worked out of nonsense.
  it.each([
    ['-9e15 seconds', -9e15 * 1000],
    ['1e20 seconds', 1e20 * 1000],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['past the last Date', 8.64e15 + 1],
    ['tomorrow', NOW + 86_400_000],
  ])('%s is an invalid date', (_, birthday) => expect(birthdayProblem(birthday, NOW)).toBe('invalid'));

  it.each([
    ['1899-12-31', Date.UTC(1899, 11, 31)],
    ['0099-01-01', parseBirthday('0099-01-01')!],
    ['0000-01-01', parseBirthday('0000-01-01')!],
  ])('%s, before 1900, is overage, not an invalid date', (_, birthday) => expect(birthdayProblem(birthday, NOW)).toBe('overage'));

  it('takes 1900-01-01 as a date (overage, as every date over 120 years back)', () => {
    expect(birthdayProblem(Date.UTC(1900, 0, 1), NOW)).toBe('overage');
  });

  it('reads a date input value', () => {
    expect(parseBirthday('1990-02-28')).toBe(Date.UTC(1990, 1, 28));
    expect(parseBirthday('')).toBeNull();
  });

  it.each(['1990-02-30', '1990-13-01', '275760-09-13', 'tomorrow'])('reads %j as a date that is not one (Invalid date, not a missing one)', (value) =>
    expect(birthdayProblem(parseBirthday(value), NOW)).toBe('invalid'),
  );
});

it('derives first_name from the email', () => {
  expect(firstNameFromEmail('ada.lovelace42@fastmail.com', 'GB')).toBe('Ada');
  expect(firstNameFromEmail('42@fastmail.com')).toBe('42');
});
