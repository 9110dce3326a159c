// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { challengeAllowed, mfaCodeError } from '../../../api/src/auth/rules/recovery';
import { storedAccounts } from './accounts';
import { takeChallengeSlot } from './challenge';
import { MfaForm } from './MfaForm';
import { RecoveryDialog } from './RecoveryDialog';

let answers: Array<{ status: number; body: unknown }>;
let sent: any[];

beforeEach(() => {
  localStorage.clear();
  answers = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      sent.push(init?.body ? JSON.parse(String(init.body)) : null);
      const answer = answers.shift() ?? { status: 200, body: { resource_response: { data: { status: 'sent' } } } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const error = (api_error_code: number, message: string, data?: object) => ({
  status: 401,
  body: { resource_response: { error: { api_error_code, http_status: 401, message, data } } },
});

describe('MFA code rules', () => {
  it('names a missing code and a malformed one with the spec text', () => {
    expect(mfaCodeError('')).toBe("You missed a spot! Don't forget to add your verification code.");
    expect(mfaCodeError('12a456')).toBe("Hmm...that doesn't look like a verification code.");
    expect(mfaCodeError('12345')).toBe("Hmm...that doesn't look like a verification code.");
    expect(mfaCodeError(' 123 456 ')).toBeNull();
    // A backup code is a code too.
    expect(mfaCodeError('abcde-23456')).toBeNull();
    expect(mfaCodeError('abcde-2345')).toBe("Hmm...that doesn't look like a verification code.");
  });
});

describe('the challenge limit kept in the browser', () => {
  it('allows three challenges an hour', () => {
    const hour = 3600 * 1000;
    expect(challengeAllowed([0, 1, 2], hour - 1)).toBe(false);
    expect(challengeAllowed([0, 1, 2], hour + 1)).toBe(true);
    expect([1, 2, 3, 4].map((t) => takeChallengeSlot(t))).toEqual([true, true, true, false]);
    expect(takeChallengeSlot(hour + 2)).toBe(true);
  });
});

describe('MfaForm', () => {
  const mfa = { email: 'ada@example.com', password: 'Plum-Orchard-42', method: 'sms' as const, phoneNumberEnd: '42', extra: {} };

  it('sends the credentials again with the code, and stores the account after log-in', async () => {
    const onLoggedIn = vi.fn();
    answers.push({
      status: 200,
      body: {
        resource_response: {
          data: { user: { id: '9', username: 'ada', first_name: 'Ada', full_name: 'Ada L', email: 'ada@example.com', image_medium_url: null }, redirect: '/' },
        },
      },
    });
    render(<MfaForm mfa={mfa} onLoggedIn={onLoggedIn} onRecovery={vi.fn()} onToast={vi.fn()} />);
    expect(screen.getByText('We sent a 6-digit code to your phone number ending in 42.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Verification code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(sent[0].options).toMatchObject({
      username_or_email: 'ada@example.com',
      password: 'Plum-Orchard-42',
      mfa_token: '123456',
      recaptchaV3Token: 'default',
    });
    expect(storedAccounts()['9']).toMatchObject({ username: 'ada', email: 'ada@example.com', fullName: 'Ada L' });
  });

  it('shows the server message inline for a wrong code, and the resend toast for 5 seconds', async () => {
    const onToast = vi.fn();
    answers.push(error(114, "That code didn't work. Check it or ask for a new one."));
    render(<MfaForm mfa={mfa} onLoggedIn={vi.fn()} onRecovery={vi.fn()} onToast={onToast} />);
    fireEvent.input(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText("That code didn't work. Check it or ask for a new one.");
    answers.push(error(113, 'Enter the verification code we sent you.', { phone_number_end: '42' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(onToast).toHaveBeenCalledWith('We sent you a new code!', 5000));
    expect(sent[1].options.mfa_resend).toBe(true);
  });

  it('opens the rate-limited dialog when the lock is reached', async () => {
    const onRecovery = vi.fn();
    answers.push({ status: 429, body: { resource_response: { error: { api_error_code: 111, http_status: 429, message: 'x' } } } });
    render(<MfaForm mfa={mfa} onLoggedIn={vi.fn()} onRecovery={onRecovery} onToast={vi.fn()} />);
    fireEvent.input(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onRecovery).toHaveBeenCalledWith('rate_limited', undefined));
  });
});

describe('RecoveryDialog', () => {
  it("Resend email shows the server's message when forgot password is limited", async () => {
    const onToast = vi.fn();
    answers.push({
      status: 429,
      body: {
        resource_response: { error: { api_error_code: 143, http_status: 429, message: "We've had a lot of password reset requests. Try again in an hour." } },
      },
    });
    render(<RecoveryDialog type="login_assistance" email="ada@example.com" onClose={vi.fn()} onToast={onToast} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(onToast).toHaveBeenCalledWith("We've had a lot of password reset requests. Try again in an hour.", 3000));
  });

  it('password reset sent: the email in the text, Resend email toasts "Email sent!" for 3500 ms', async () => {
    const onToast = vi.fn();
    render(<RecoveryDialog type="password_reset_sent" email="ada@example.com" onClose={vi.fn()} onToast={onToast} />);
    expect(screen.getByRole('alertdialog', { name: 'Password reset email sent' })).toBeTruthy();
    expect(screen.getByText('We sent instructions to pick a new password to ada@example.com.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(onToast).toHaveBeenCalledWith('Email sent!', 3500));
    expect(sent[0]).toEqual({ username_or_email: 'ada@example.com' });
  });

  it('rate limited: the spec title, text and Okay', () => {
    const onClose = vi.fn();
    render(<RecoveryDialog type="rate_limited" email="a@b.co" onClose={onClose} onToast={vi.fn()} />);
    expect(screen.getByText('Oops! Too many login attempts')).toBeTruthy();
    expect(screen.getByText('You have reached the maximum number of login attempts. Try again in 30 minutes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('deactivated: the reason, Contact us and Got it; every reason when none is known', () => {
    render(<RecoveryDialog type="deactivated" email="a@b.co" reason="unusual_activity" onClose={vi.fn()} onToast={vi.fn()} />);
    expect(screen.getByText('Your account has been deactivated')).toBeTruthy();
    expect(screen.getByText('We noticed unusual activity on your account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Got it' })).toBeTruthy();
    cleanup();
    render(<RecoveryDialog type="deactivated" email="a@b.co" onClose={vi.fn()} onToast={vi.fn()} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('login assistance and soft ban: the spec texts', () => {
    render(<RecoveryDialog type="login_assistance" email="ada@example.com" onClose={vi.fn()} onToast={vi.fn()} />);
    expect(screen.getByText("Looks like you're having trouble logging in")).toBeTruthy();
    expect(screen.getByText('We sent an email to ada@example.com to help you get back in.')).toBeTruthy();
    cleanup();
    render(<RecoveryDialog type="soft_banned" email="ada@example.com" onClose={vi.fn()} onToast={vi.fn()} />);
    expect(screen.getByText('We protected your account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/password/reset/?ue=ada%40example.com');
  });
});

describe('social options in the account dialogs', () => {
  it('login assistance offers the social options beside Resend email', () => {
    render(
      <RecoveryDialog
        type="login_assistance"
        email="a@b.co"
        onClose={() => undefined}
        onToast={() => undefined}
        socialOptions={<button type="button">Continue with Google</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: "Looks like you're having trouble logging in" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeTruthy();
  });
});

describe('account words', () => {
  it("keeps the server's answers word for word, so they are translated rather than shown in English", async () => {
    const { catalogue } = await import('../../../api/src/lib/errors.contract');
    const { english } = await import('./messages');
    expect([english.mfaInvalid, english.mfaSendLimited, english.resetTokenInvalid, english.resetLimited]).toEqual([
      catalogue.mfa_code_invalid.message,
      catalogue.mfa_send_limited.message,
      catalogue.reset_token_invalid.message,
      catalogue.reset_limited.message,
    ]);
  });

  it('shows a dialog in the reader’s language, its link where the language puts it', async () => {
    const { applyLocale } = await import('../i18n');
    await applyLocale('fr');
    try {
      render(<RecoveryDialog type="deactivated" email="ada@example.com" onClose={vi.fn()} onToast={vi.fn()} />);
      expect(screen.getByRole('heading', { name: 'Votre compte a été désactivé' })).toBeTruthy();
      expect(screen.getByText('Nous avons remarqué une activité inhabituelle sur votre compte.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Contactez-nous' }).parentElement?.textContent).toBe('Si vous pensez qu’il s’agit d’une erreur, Contactez-nous.');
    } finally {
      await applyLocale('en');
    }
  });
});
