import { describe, expect, it } from 'vitest';
import { NO_EXPERIMENTS, type MfaChallenge } from './client';
import type { SocialState } from './modal';
import * as act from './modalState';
import { authReducer, initialAuthState, socialView, type AuthAction, type AuthState } from './modalState';

/** The modal's moves without a browser: each test is a run of actions and the view (and what it carries) they end on. */
const run = (state: AuthState, ...actions: AuthAction[]) => actions.reduce(authReducer, state);
const start = (view: 'signup' | 'login' = 'signup') => initialAuthState({ initialView: view }, false);
const consentsOn = act.loaded({ experiments: { ...NO_EXPERIMENTS, kr_privacy_consent: true } });
const profile = (needs: { needs_email?: boolean; needs_birthday?: boolean }): SocialState => ({
  profile: { provider: 'google', needs_email: false, needs_birthday: false, ...needs } as SocialState['profile'],
});

describe('the auth modal flow', () => {
  it('opens on the view asked for, or the personalised log-in for a recognised viewer with their email', () => {
    expect(start().view).toBe('signup');
    expect(start('login').view).toBe('login');
    const recognised = initialAuthState({ recognised: { email: 'ada@example.com' } as never }, true);
    expect(recognised).toMatchObject({ view: 'personalized', fields: { email: 'ada@example.com', password: '' }, oneTapOff: true });
  });

  it('signup → consents → welcome, and Back from consents keeps what was typed', () => {
    const typed = run(start(), act.setFields({ email: 'ada@example.com', password: 'Plum-42-orchard' }));
    const consents = run(typed, act.show('consents'));
    expect(run(consents, act.show('signup')).fields).toEqual({ email: 'ada@example.com', password: 'Plum-42-orchard', birthday: '' });
    expect(run(consents, act.busy(true), act.show('welcome'), act.busy(false))).toMatchObject({ view: 'welcome', busy: false });
  });

  it('an email with an account moves to log-in: with the password typed when the person had moved on to it, or the failed try’s errors', () => {
    const typed = run(start(), act.setFields({ email: 'ada@example.com', password: 'secret-1' }));
    expect(run(typed, act.existing(true))).toMatchObject({ view: 'login', fromSignup: true, fields: { password: 'secret-1' }, loginCarry: undefined });
    const carry = { password: 'The password you entered is incorrect.' };
    expect(run(typed, act.loginFailed(carry))).toMatchObject({ view: 'login', loginCarry: carry });
  });

  it('log-in with two-factor goes to loginMfa; a recovery dialog from there closes back to log-in, not to the spent challenge', () => {
    const challenge = { email: 'ada@example.com' } as MfaChallenge;
    const mfa = run(start('login'), act.twoFactor(challenge));
    expect(mfa).toMatchObject({ view: 'loginMfa', mfa: challenge });
    const recovery = run(mfa, act.openRecovery('password_reset_sent', 'ada@example.com'));
    expect(recovery).toMatchObject({ view: 'recovery', recovery: { type: 'password_reset_sent', email: 'ada@example.com', back: 'login' } });
    expect(run(recovery, act.closeRecovery).view).toBe('login');
  });

  it('a recovery dialog returns to the view it opened from; a prevented provider sign-up returns to sign-up saying welcome back', () => {
    const fromSignup = run(start(), act.openRecovery('password_reset_sent', 'a@example.com'));
    expect(run(fromSignup, act.closeRecovery)).toMatchObject({ view: 'signup', welcomeBack: false });
    const prevented = run(start('login'), act.openRecovery('prevent_google_register', 'a@example.com'));
    expect(run(prevented, act.closeRecovery)).toMatchObject({ view: 'signup', welcomeBack: true });
  });

  it('a provider sign-up asks for the email, then the age, then the consents where the experiment asks', () => {
    const both = profile({ needs_email: true, needs_birthday: true });
    const email = run(start(), consentsOn, act.socialNext(both));
    expect(email).toMatchObject({ view: 'EmailCollection', social: both });
    const age = run(email, act.socialNext({ ...both, email: 'ada@example.com' }));
    expect(age.view).toBe('socialSignupWithAge');
    const done = { ...both, email: 'ada@example.com', birthday: 0 };
    expect(run(age, act.socialNext(done))).toMatchObject({ view: 'consents', social: done });
    // With nothing missing and no consents step the view stays while the modal registers.
    expect(socialView(done, false)).toBeNull();
    expect(run(age, act.loaded({ experiments: NO_EXPERIMENTS }), act.socialNext(done)).view).toBe('socialSignupWithAge');
  });

  it('a refused provider sign-up goes back to the step at fault with the server’s message; Not now ends it', () => {
    const social = { ...profile({ needs_email: true }), email: 'bad@example.com', birthday: 0 };
    expect(run(start(), act.socialRefused(social, 'birthday', 'Invalid date'))).toMatchObject({
      view: 'socialSignupWithAge',
      social: { birthday: undefined, error: 'Invalid date', email: 'bad@example.com' },
    });
    const email = run(start(), act.socialRefused(social, 'email', 'Invalid email'));
    expect(email).toMatchObject({ view: 'EmailCollection', social: { email: undefined, error: 'Invalid email', failed: true, birthday: 0 } });
    expect(run(email, act.socialNotNow)).toMatchObject({ view: 'signup', social: null });
  });

  it('an email that has an account leads to log-in with it filled in; a link to make waits for that log-in', () => {
    const exists = run(start(), act.emailExists('ada@example.com'));
    expect(exists).toMatchObject({ view: 'EmailAlreadyExist', existingEmail: 'ada@example.com' });
    expect(run(exists, act.toLogin('ada@example.com'))).toMatchObject({ view: 'login', fields: { email: 'ada@example.com', password: '' } });
    const link = run(start(), act.linkRequired('google', 'ada@example.com'));
    expect(link).toMatchObject({ view: 'login', pendingLink: 'google', fields: { email: 'ada@example.com' } });
    expect(run(link, act.linked).pendingLink).toBeNull();
  });

  it('a disabled provider opens its notice; Not you? clears the email and password for another account', () => {
    expect(run(start(), act.unavailable('line'))).toMatchObject({ view: 'socialUnavailable', unavailable: 'line' });
    const recognised = initialAuthState({ recognised: { email: 'ada@example.com' } as never }, false);
    expect(run(recognised, act.notYou)).toMatchObject({ view: 'login', fields: { email: '', password: '' } });
  });

  it('shows a toast until it is done', () => {
    const toast = run(start(), act.toast('Sorry!', 3000));
    expect(toast.toast).toEqual({ message: 'Sorry!', duration: 3000 });
    expect(run(toast, act.toastDone).toast).toBeNull();
  });
});
