// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, act } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { accountCopy } from './accountCopy';
import { containerCopy } from './containers';
import { TermsFooter } from './TermsFooter';
import { UnderageConfirmation } from './UnderageConfirmation';
import { calls, fill, open, routes, submit, type } from './modalHarness';

describe('containers', () => {
  it.each([
    ['save', 'Sign up to save'],
    ['download', 'Sign up to download'],
    ['pinBookmarklet', 'Sign up to save from any site'],
    ['respondMessage', 'Sign up to reply'],
    ['home_page', 'Welcome to Corkboard'],
  ] as const)('%s has its own title', async (container, title) => {
    open({ container });
    // A container that is not a save's (download, reply…) has its words in the account area's lazy chunk.
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('names the creator for follow and the inviter for a board invite', () => {
    expect(accountCopy('follow', { creator: { fullName: 'Ada Lovelace', imageUrl: null } }).signupTitle).toBe('Sign up to follow Ada Lovelace');
    expect(accountCopy('boardInvite', { inviter: { firstName: 'Grace' } }).signupTitle).toBe('Grace invited you to a board');
    expect(containerCopy('follow')).toBeNull();
    open({ container: 'follow', creator: { fullName: 'Ada Lovelace', imageUrl: 'https://img.example/ada.png' } });
    expect(document.querySelector('.auth-creator img')?.getAttribute('src')).toBe('https://img.example/ada.png');
  });

  it('shows the pin thumbnail for save and download only', () => {
    open({ container: 'save', pinImage: 'https://img.example/pin.png' });
    expect(document.querySelector('.auth-pin')?.getAttribute('src')).toBe('https://img.example/pin.png');
    cleanup();
    open({ container: 'follow', pinImage: 'https://img.example/pin.png' });
    expect(document.querySelector('.auth-pin')).toBeNull();
  });

  it("shows the form at once on the home page, otherwise after 'Continue with email'", () => {
    open({ container: 'save' });
    expect(screen.queryByLabelText('Email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('toggles between sign-up and log-in, with the business prompt', () => {
    open({ container: 'save', next: '/pin/create/button/' });
    expect(screen.getByText('Already a member?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in to save');
    expect(screen.getByText('Not on Corkboard yet?')).toBeTruthy();
    const business = screen.getByRole('link', { name: 'Are you a business? Get started here!' });
    expect(business.getAttribute('target')).toBe('_blank');
    expect(business.getAttribute('href')).toBe('/business/create/?next=%2Fpin%2Fcreate%2Fbutton%2F');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Already a member?')).toBeTruthy();
  });

  it('has the terms footer, and the Florida variant behind its flag', () => {
    render(<TermsFooter florida={false} />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/_/_/policy/privacy-policy/');
    expect(screen.getByRole('link', { name: 'Notice at collection' })).toBeTruthy();
    cleanup();
    render(<TermsFooter florida />);
    expect(screen.queryByRole('link', { name: 'Notice at collection' })).toBeNull();
    expect(screen.getByRole('link', { name: 'delete your account' })).toBeTruthy();
  });
});

describe('sign-up rules and messages', () => {
  it.each([
    ['', "You missed a spot! Don't forget to add your email."],
    ['nope', "Hmm...that doesn't look like an email address."],
    ['jösé@fastmail.com', "Sorry, this doesn't look like a valid email"],
    ['test@test.com', "Sorry, this doesn't look like a valid email"],
  ])('email %j: %s', async (email, message) => {
    open();
    fill(email, 'Plum-Orchard-42');
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.path.includes('Register'))).toBe(false);
  });

  it("shows the server check's answer for a disposable domain", async () => {
    routes['/v3/email/validation/'] = () => ({ data: { is_valid: false } });
    open();
    fill('someone@mailinator.com', 'Plum-Orchard-42');
    submit();
    expect(await screen.findByText("Sorry, this doesn't look like a valid email")).toBeTruthy();
  });

  it('offers the typo hint on blur and applies it', async () => {
    open();
    type('Email', 'ada@gmial.com');
    fireEvent.focusOut(screen.getByLabelText('Email'));
    fireEvent.click(await screen.findByRole('button', { name: 'Did you mean ada@gmail.com?' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@gmail.com');
  });

  it('switches to log-in on blur when the email has an account', async () => {
    routes['/v3/register/exists/'] = () => ({ data: true });
    open();
    type('Email', 'demo@fastmail.com');
    fireEvent.focusOut(screen.getByLabelText('Email'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@fastmail.com');
  });

  it('keeps focus and the password typed meanwhile when an existing email switches sign-up to log-in', async () => {
    let answer: (v: unknown) => void = () => {};
    routes['/v3/register/exists/'] = () => ({ data: true });
    const slow = new Promise((resolve) => (answer = resolve));
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        String(input).includes('/v3/register/exists/') ? (await slow, realFetch(input, init)) : realFetch(input, init),
      ),
    );
    open();
    type('Email', 'demo@fastmail.com');
    fireEvent.focusOut(screen.getByLabelText('Email'));
    // The person has moved on and types the password while the check runs.
    const signupPassword = screen.getByLabelText('Password') as HTMLInputElement;
    signupPassword.focus();
    type('Password', 'Plum-Orchard-42');
    answer(null);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    const loginPassword = screen.getByLabelText('Password') as HTMLInputElement;
    expect(loginPassword.id).toBe('login-password');
    expect(loginPassword.value).toBe('Plum-Orchard-42');
    await waitFor(() => expect(document.activeElement).toBe(loginPassword));
  });

  it('clears a server error under its field once the field changes', async () => {
    routes['/resource/UserRegisterResource/create/'] = () => ({
      error: { api_error_code: 82, http_status: 400, message: 'Please stick to your name, or the name of your brand' },
    });
    open();
    fill('ada@fastmail.com', 'Plum-Orchard-42');
    submit();
    expect(await screen.findByText('Please stick to your name, or the name of your brand', {}, { timeout: 5000 })).toBeTruthy();
    type('Email', 'ada.l@fastmail.com');
    expect(screen.queryByText('Please stick to your name, or the name of your brand')).toBeNull();
  });

  it('logs in with the given password when the email has an account', async () => {
    routes['/v3/register/exists/'] = () => ({ data: true });
    const { onAuthed } = open();
    fill('demo@fastmail.com', 'Plum-Orchard-42');
    submit();
    await waitFor(() => expect(onAuthed).toHaveBeenCalledWith(expect.objectContaining({ user: expect.objectContaining({ username: 'demo' }) }), 'login'));
    expect(calls.find((c) => c.path.includes('UserSession'))?.body).toMatchObject({ username_or_email: 'demo@fastmail.com', password: 'Plum-Orchard-42' });
  });

  it.each([
    ['short', 6, 'Your password is too short! You need 6+ characters.'],
    ['seven77', 8, 'Your password is too short! You need 8+ characters.'],
    ['Plum-Orchärd-42', 6, 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).'],
    ['ada.lovelace', 6, 'Please make your username and password different.'],
    ['password1', 6, 'Please make a stronger password.'],
  ])('password %j with minimum %d: %s', async (password, min, message) => {
    routes['/resource/PasswordRulesResource/get/'] = () => ({ data: { min_length: min, ascii_only: true, differ_from_username: true, min_strength_score: 2 } });
    open();
    await waitFor(() => expect(calls.some((c) => c.path.includes('PasswordRules'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0))); // every pending answer applied
    fill('ada.lovelace@fastmail.com', password);
    submit();
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['', "You missed a spot. Don't forget to add your birthday."],
    ['2026-01-05', 'Invalid date'],
    ['1900-01-01', 'Oops! Please use a valid age to sign up.'],
    // Before 1900 is overage too: the same rule as the server's (auth/rules.ts).
    ['1899-12-31', 'Oops! Please use a valid age to sign up.'],
    ['0099-01-01', 'Oops! Please use a valid age to sign up.'],
  ])('birthday %j: %s', async (birthday, message) => {
    open();
    fill('ada@fastmail.com', 'Plum-Orchard-42', birthday);
    submit();
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sends the registration payload', async () => {
    const { onAuthed } = open({ next: '/pin/create/button/?url=x' });
    fill('ada.lovelace42@fastmail.com', 'Plum-Orchard-42', '1990-05-17');
    submit();
    await waitFor(() => expect(onAuthed).toHaveBeenCalledWith(expect.anything(), 'signup'), { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Welcome to Corkboard!' })).toBeTruthy();
    const payload = calls.find((c) => c.path === '/resource/UserRegisterResource/create/')?.body;
    expect(payload).toMatchObject({
      type: 'email',
      email: 'ada.lovelace42@fastmail.com',
      password: 'Plum-Orchard-42',
      birthday: Date.UTC(1990, 4, 17) / 1000,
      first_name: 'Ada',
      last_name: '',
      recaptchaV3Token: 'default',
      next: '/pin/create/button/?url=x',
    });
    expect(payload).not.toHaveProperty('kr_privacy_consent_opt_in');
  });

  it("puts the server's sign-up errors on their fields, and others in a toast", async () => {
    routes['/resource/UserRegisterResource/create/'] = () => ({
      error: { api_error_code: 82, http_status: 400, message: 'Please stick to your name, or the name of your brand' },
    });
    open();
    fill('ada@fastmail.com', 'Plum-Orchard-42');
    submit();
    const error = await screen.findByText('Please stick to your name, or the name of your brand', {}, { timeout: 5000 });
    expect(error.id).toBe('signup-email-error');
    routes['/resource/UserRegisterResource/create/'] = () => ({ status: 500, error: { api_error_code: 0, http_status: 500, message: 'x' } });
    submit();
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe('Sorry! Something went wrong on our end.');
  });
});

describe('per-client limits (429)', () => {
  const limited = (api_error_code: number, message: string) => () => ({
    status: 429,
    error: { api_error_code, http_status: 429, message, data: { retry_after_seconds: 600 } },
  });

  it('says the email checks are limited, rather than that the email looks wrong', async () => {
    routes['/v3/register/exists/'] = limited(142, "You're checking a lot of emails. Try again in a little while.");
    open();
    fill('ada@fastmail.com', 'Plum-Orchard-42');
    submit();
    expect((await screen.findByText("You're checking a lot of emails. Try again in a little while.")).id).toBe('signup-email-error');
    expect(screen.queryByText("Hmm...that doesn't look like an email address")).toBeNull();
  });

  it('shows the sign-up limit in a toast, not the unknown error', async () => {
    routes['/resource/UserRegisterResource/create/'] = limited(141, "We're getting a lot of sign-ups from your network. Try again in an hour.");
    open();
    fill('ada@fastmail.com', 'Plum-Orchard-42');
    submit();
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe(
      "We're getting a lot of sign-ups from your network. Try again in an hour.",
    );
  });

  it('opens the rate-limited dialog for the per-address log-in limit', async () => {
    routes['/resource/UserSessionResource/create/'] = limited(140, 'You have reached the maximum number of login attempts. Try again in 30 minutes.');
    open({ container: 'save', initialView: 'login' });
    type('Email', 'demo@fastmail.com');
    type('Password', 'a good one');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Oops! Too many login attempts' });
    expect(dialog.textContent).toContain('You have reached the maximum number of login attempts. Try again in 30 minutes.');
  });
});

describe('age', () => {
  it('an underage birthday sets the marker and opens UnderageConfirmation; Edit returns with the birthday disabled', async () => {
    open();
    fill('young@fastmail.com', 'Plum-Orchard-42', '2015-03-01');
    submit();
    expect(await screen.findByRole('heading', { name: 'Confirm your birthday' }, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem('cb_underage')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Birthday') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Sorry, you’re not eligible to sign up for Corkboard right now.')).toBeTruthy();
    submit();
    expect(calls.some((c) => c.path.includes('Register'))).toBe(false);
  });

  it("the server's underage answer does the same", async () => {
    routes['/resource/UserRegisterResource/create/'] = () => ({
      status: 403,
      error: { api_error_code: 91, http_status: 403, message: 'Sorry, you’re not eligible to sign up for Corkboard right now.' },
    });
    open({ now: () => Date.UTC(2026, 0, 15), container: 'home_page' });
    fill('ada@fastmail.com', 'Plum-Orchard-42', '1990-01-01');
    submit();
    expect(await screen.findByRole('heading', { name: 'Confirm your birthday' }, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem('cb_underage')).toBe('1');
  });

  it('Confirm shows a toast for 3.5 seconds and goes home after 4', () => {
    vi.useFakeTimers();
    const goHome = vi.fn();
    render(<UnderageConfirmation onEdit={() => {}} goHome={goHome} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('status').textContent).toBe('Thanks for confirming your birthday.');
    act(() => void vi.advanceTimersByTime(3_499));
    expect(screen.queryByRole('status')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(goHome).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(500));
    expect(goHome).toHaveBeenCalledOnce();
  });
});
