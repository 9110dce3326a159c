// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale, t } from '.';
import { linked } from './linked';

afterEach(() => (cleanup(), applyLocale('en')));

const prompt = () => (
  <p>
    {linked((slots) => t('pages.followPrompt', { ...slots, name: 'Ada' }), {
      logIn: <a href="/login">{t('auth.logIn')}</a>,
      signUp: <a href="/signup">{t('pages.signUp')}</a>,
    })}
  </p>
);

describe('a translated sentence with links in it', () => {
  it('puts the links in their slots, in the order the language has them', async () => {
    const { container } = render(prompt());
    expect(container.textContent).toBe('Log in or sign up to follow Ada.');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/login', '/signup']);
    cleanup();
    await applyLocale('tr');
    const turkish = render(prompt()).container;
    expect(turkish.textContent).toBe('Ada adlı kişiyi takip etmek için Giriş yap ya da kaydol.');
    expect(turkish.querySelector('a')?.textContent).toBe('Giriş yap');
  });
});
