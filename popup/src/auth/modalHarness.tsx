import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, vi } from 'vitest';
import { AuthModal, type AuthModalProps } from './AuthModal';
import { encodeEnvelope } from '../../../api/src/lib/envelope.client';

/** A request's `options`, as the JSON the web app sent (GET requests send none). */
type Options = Record<string, unknown>;

/**
 * The account modal's tests' harness (auth.test.tsx, login.test.tsx): a fetch that answers from `routes`
 * and records `calls`, reset before each test, and the modal opened at a fixed date.
 */
export type Handler = (url: URL, body: Options | undefined) => { status?: number; data?: unknown; error?: Record<string, unknown> };
export let routes: Record<string, Handler>;
export let calls: Array<{ path: string; body: Options | undefined }>;

export const NOW = Date.UTC(2026, 0, 15);

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
      const body: Options | undefined = init?.body ? JSON.parse(String(init.body)).options : undefined;
      calls.push({ path: url.pathname, body });
      const answer = routes[url.pathname]?.(url, body) ?? { status: 404, error: { api_error_code: 30, http_status: 404, message: 'Not found' } };
      const payload = encodeEnvelope(answer.error ? { error: answer.error } : { data: answer.data });
      return new Response(JSON.stringify(payload), { status: answer.status ?? (answer.error ? 400 : 200), headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

export function open(props: Partial<AuthModalProps> = {}) {
  const onAuthed = vi.fn();
  const goHome = vi.fn();
  render(<AuthModal container="home_page" onAuthed={onAuthed} goHome={goHome} now={() => NOW} {...props} />);
  return { onAuthed, goHome };
}

// preact/compat listens for focusout where React code says onBlur.
export const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
export const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
export const fill = (email: string, password: string, birthday = '1990-05-17') => {
  type('Email', email);
  type('Password', password);
  type('Birthday', birthday);
};
