// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, act } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModal, type AuthModalProps } from './AuthModal';
import { accountCopy } from './accountCopy';
import { containerCopy } from './containers';
import { TermsFooter } from './TermsFooter';
import { UnderageConfirmation } from './UnderageConfirmation';
import { Welcome } from './Welcome';

type Handler = (url: URL, body: any) => { status?: number; data?: unknown; error?: Record<string, unknown> };
let routes: Record<string, Handler>;
let calls: Array<{ path: string; body: any }>;

const NOW = Date.UTC(2026, 0, 15);

beforeEach(() => {
  calls = [];
  localStorage.clear();
  routes = {
    '/resource/ExperimentsResource/get/': () => ({ data: { kr_privacy_consent: false, fdbr_teen_compliance: false, unauth_dweb_unified_ar: false } }),
    '/resource/PasswordRulesResource/get/': () => ({ data: { min_length: 6, ascii_only: true, differ_from_username: true, min_strength_score: 2 } }),
    '/v3/register/exists/': () => ({ data: false }),
    '/v3/email/validation/': () => ({ data: { is_valid: true } }),
    '/resource/UserRegisterResource/create/': () => ({ data: { user: { id: '1', username: 'ada', first_name: 'Ada' }, redirect: '/' } }),
    '/resource/UserSessionResource/create/': () => ({ data: { user: { id: '2', username: 'demo', first_name: 'Demo' }, redirect: '/' } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost:8787');
      const body = init?.body ? JSON.parse(String(init.body)).options : undefined;
      calls.push({ path: url.pathname, body });
      const answer = routes[url.pathname]?.(url, body) ?? { status: 404, error: { api_error_code: 30, http_status: 404, message: 'Not found' } };
      const payload = answer.error ? { resource_response: { error: answer.error } } : { resource_response: { data: answer.data } };
      return new Response(JSON.stringify(payload), { status: answer.status ?? (answer.error ? 400 : 200), headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function open(props: Partial<AuthModalProps> = {}) {
  const onAuthed = vi.fn();
  const goHome = vi.fn();
  render(<AuthModal container="home_page" onAuthed={onAuthed} goHome={goHome} now={() => NOW} {...props} />);
  return { onAuthed, goHome };
}

// preact/compat listens for focusout where React code says onBlur.
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
const fill = (email: string, password: string, birthday = '1990-05-17') => {
  type('Email', email);
  type('Password', password);
  type('Birthday', birthday);
};

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

  it('keeps focus and the password typed meanwhile when an existing email switches sign-up to log-in (issue 27)', async () => {
    let answer: (v: unknown) => void = () => {};
    routes['/v3/register/exists/'] = () => ({ data: true });
    const slow = new Promise((resolve) => (answer = resolve));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => (String(input).includes('/v3/register/exists/') ? (await slow, realFetch(input, init)) : realFetch(input, init))));
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

  it('clears a server error under its field once the field changes (issue 27)', async () => {
    routes['/resource/UserRegisterResource/create/'] = () => ({ error: { api_error_code: 82, http_status: 400, message: 'Please stick to your name, or the name of your brand' } });
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
    // Before 1900 is overage too (auth.md section 8, issue 27): the same rule as the server's (auth/rules.ts).
    ['1899-12-31', 'Oops! Please use a valid age to sign up.'],
    ['0099-01-01', 'Oops! Please use a valid age to sign up.'],
  ])('birthday %j: %s', async (birthday, message) => {
    open();
    fill('ada@fastmail.com', 'Plum-Orchard-42', birthday);
    submit();
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sends the registration payload of section 3', async () => {
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
    routes['/resource/UserRegisterResource/create/'] = () => ({ error: { api_error_code: 82, http_status: 400, message: 'Please stick to your name, or the name of your brand' } });
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
  const limited = (api_error_code: number, message: string) => () => ({ status: 429, error: { api_error_code, http_status: 429, message, data: { retry_after_seconds: 600 } } });

  it("says the email checks are limited, rather than that the email looks wrong", async () => {
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
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe("We're getting a lot of sign-ups from your network. Try again in an hour.");
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
    routes['/resource/UserRegisterResource/create/'] = () => ({ status: 403, error: { api_error_code: 91, http_status: 403, message: 'Sorry, you’re not eligible to sign up for Corkboard right now.' } });
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

describe('consents', () => {
  it('asks for the four required boxes, keeps the email on Back, and sends the consent flags', async () => {
    routes['/resource/ExperimentsResource/get/'] = () => ({ data: { kr_privacy_consent: true, fdbr_teen_compliance: false, unauth_dweb_unified_ar: false } });
    const { onAuthed } = open();
    await waitFor(() => expect(calls.some((c) => c.path.includes('Experiments'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0))); // every pending answer applied
    fill('ada@fastmail.com', 'Plum-Orchard-42');
    submit();
    expect(await screen.findByRole('heading', { name: 'Consents' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText("Before you can create an account, you'll need to agree to the required terms below.")).toBeTruthy();
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@fastmail.com');
    submit();
    await screen.findByRole('heading', { name: 'Consents' }, { timeout: 5000 });

    const all = screen.getByLabelText('Agree to all') as HTMLInputElement;
    fireEvent.click(all);
    expect(next().disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('I agree to receive marketing messages (optional)'));
    expect(all.checked).toBe(false);
    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service (required)'));
    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I agree to the Terms of Service (required)'));
    fireEvent.click(next());
    await waitFor(() => expect(onAuthed).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/resource/UserRegisterResource/create/')?.body).toMatchObject({ kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: true });
  });
});

describe('log-in', () => {
  const logInView = () => {
    const handles = open({ container: 'save', initialView: 'login' });
    type('Email', 'demo@fastmail.com');
    return handles;
  };
  const clickLogIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

  it('checks the password locally first', async () => {
    logInView();
    type('Password', 'abc');
    clickLogIn();
    expect(await screen.findByText('The password you entered is incorrect.')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('UserSession'))).toBe(false);
  });

  it('puts a wrong password on the password field and clears it', async () => {
    routes['/resource/UserSessionResource/create/'] = () => ({ status: 401, error: { api_error_code: 78, http_status: 401, message: 'The password you entered is incorrect. Try again or reset your password' } });
    logInView();
    type('Password', 'not the password');
    clickLogIn();
    const error = await screen.findByText('The password you entered is incorrect. Try again or reset your password');
    expect(error.id).toBe('login-password-error');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('puts other codes on the email field, and an unreadable answer in a toast', async () => {
    routes['/resource/UserSessionResource/create/'] = () => ({ status: 403, error: { api_error_code: 3, http_status: 403, message: "You don't have permission to do that." } });
    logInView();
    type('Password', 'a good one');
    clickLogIn();
    expect((await screen.findByText("You don't have permission to do that.")).id).toBe('login-email-error');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 502 })));
    clickLogIn();
    expect((await screen.findByRole('status')).textContent).toBe('Sorry! Something went wrong on our end.');
  });

  it('shows a Google-linked or Facebook-linked account its provider error, in English as the spec words it, and clears the password', async () => {
    const google = 'Your account is already linked to Google. To log in with email, set a password.';
    routes['/resource/UserSessionResource/create/'] = () => ({ status: 401, error: { api_error_code: 174, http_status: 401, message: google } });
    logInView();
    type('Password', 'a good one');
    clickLogIn();
    const error = await screen.findByText(google);
    expect(error.id).toBe('login-linked-error');
    expect(error.closest('[data-provider]')?.getAttribute('data-provider')).toBe('google');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Recover your account' })).toBeNull();
  });

  it("offers 'Recover your account' when Facebook login is no longer available, which sends the reset link", async () => {
    const retired = 'Your account is connected to Facebook, but Facebook login is no longer available.';
    routes['/resource/UserSessionResource/create/'] = () => ({ status: 403, error: { api_error_code: 176, http_status: 403, message: retired } });
    routes['/v3/users/forgot_password/'] = () => ({ data: { status: 'sent' } });
    logInView();
    type('Password', 'a good one');
    clickLogIn();
    expect((await screen.findByText(retired)).closest('[data-provider]')?.getAttribute('data-provider')).toBe('facebook');
    fireEvent.click(screen.getByRole('button', { name: 'Recover your account' }));
    expect(await screen.findByRole('alertdialog', { name: 'Password reset email sent' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/users/forgot_password/')).toBe(true);
  });

  it("links 'Forgot your password' to recovery with the email as ue", () => {
    logInView();
    expect(screen.getByRole('link', { name: 'Forgot your password' }).getAttribute('href')).toBe('/password/reset/?ue=demo%40fastmail.com');
  });

  it('hands the session answer on', async () => {
    const { onAuthed } = logInView();
    type('Password', 'a good one');
    clickLogIn();
    await waitFor(() => expect(onAuthed).toHaveBeenCalledWith(expect.objectContaining({ redirect: '/' }), 'login'));
  });
});

describe('Welcome', () => {
  it('fills its bar over 6 seconds and stops at 95 percent', () => {
    vi.useFakeTimers();
    render(<Welcome />);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    act(() => void vi.advanceTimersByTime(3_000));
    expect(bar.getAttribute('aria-valuenow')).toBe('48');
    act(() => void vi.advanceTimersByTime(3_000));
    expect(bar.getAttribute('aria-valuenow')).toBe('95');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(bar.getAttribute('aria-valuenow')).toBe('95');
  });
});

describe('Facebook retired and voluntarily deactivated (auth.md section 8)', () => {
  it('the banner follows the login data; only a Facebook-only account is offered recovery', async () => {
    const { facebookBannerText, FacebookBanner } = await import('./SocialViews');
    const base = { connected_to_gplus: false, connected_to_google: false, has_password: false, facebook_only: false, email: 'a@b.co' };
    expect(facebookBannerText({ ...base, connected_to_google: true, connected_to_gplus: true })).toBe('Facebook login is no longer available. Continue with Google to log in.');
    expect(facebookBannerText({ ...base, has_password: true })).toBe('Facebook login is no longer available. Log in with your email and password.');
    expect(facebookBannerText({ ...base, facebook_only: true })).toMatch(/^Facebook login is no longer available\. Recover your account/);
    let recovered = 0;
    const { getByRole, unmount } = render(<FacebookBanner data={{ ...base, facebook_only: true }} onRecover={() => (recovered += 1)} />);
    fireEvent.click(getByRole('button', { name: 'Recover your account' }));
    expect(recovered).toBe(1);
    unmount();
  });

  it("a voluntarily deactivated account's message is a tooltip on the Google button", async () => {
    const { SocialButtons } = await import('./SocialViews');
    const on = { configured: true, disabled: false };
    const off = { configured: false, disabled: false };
    const { getByRole } = render(<SocialButtons providers={{ google: on, facebook: off, line: off, sso: off }} country="US" onPress={() => undefined} googleTooltip="Your account has been deactivated" />);
    const button = getByRole('button', { name: 'Continue with Google' });
    expect(button.getAttribute('aria-describedby')).toBe('google-tooltip');
    expect(getByRole('tooltip').textContent).toBe('Your account has been deactivated');
  });
});
