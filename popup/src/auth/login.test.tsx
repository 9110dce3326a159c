// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, act } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { Welcome } from './Welcome';
import { calls, fill, open, routes, submit, type } from './modalHarness';

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
    expect(calls.find((c) => c.path === '/resource/UserRegisterResource/create/')?.body).toMatchObject({
      kr_privacy_consent_opt_in: true,
      marketing_notifs_opt_out: true,
    });
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
    routes['/resource/UserSessionResource/create/'] = () => ({
      status: 401,
      error: { api_error_code: 78, http_status: 401, message: 'The password you entered is incorrect. Try again or reset your password' },
    });
    logInView();
    type('Password', 'not the password');
    clickLogIn();
    const error = await screen.findByText('The password you entered is incorrect. Try again or reset your password');
    expect(error.id).toBe('login-password-error');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('puts other codes on the email field, and an unreadable answer in a toast', async () => {
    routes['/resource/UserSessionResource/create/'] = () => ({
      status: 403,
      error: { api_error_code: 3, http_status: 403, message: "You don't have permission to do that." },
    });
    logInView();
    type('Password', 'a good one');
    clickLogIn();
    expect((await screen.findByText("You don't have permission to do that.")).id).toBe('login-email-error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 502 })),
    );
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

describe('Facebook retired and voluntarily deactivated', () => {
  it('the banner follows the login data; only a Facebook-only account is offered recovery', async () => {
    const { facebookBannerText, FacebookBanner } = await import('./SocialViews');
    const base = { connected_to_gplus: false, connected_to_google: false, has_password: false, facebook_only: false, email: 'a@b.co' };
    expect(facebookBannerText({ ...base, connected_to_google: true, connected_to_gplus: true })).toBe(
      'Facebook login is no longer available. Continue with Google to log in.',
    );
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
    const { getByRole } = render(
      <SocialButtons
        providers={{ google: on, facebook: off, line: off, sso: off }}
        country="US"
        onPress={() => undefined}
        googleTooltip="Your account has been deactivated"
      />,
    );
    const button = getByRole('button', { name: 'Continue with Google' });
    expect(button.getAttribute('aria-describedby')).toBe('google-tooltip');
    expect(getByRole('tooltip').textContent).toBe('Your account has been deactivated');
  });
});
