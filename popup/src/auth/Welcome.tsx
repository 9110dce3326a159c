import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { BRAND } from '../brand';

/** The welcome bar runs 6 seconds and stops at 95 percent (the rest is the page loading). */
export const WELCOME_MS = 6000;
export const WELCOME_END_PERCENT = 95;
const TICK_MS = 100;

/** The loading screen after registration: 'Welcome to {BRAND}!' and its progress bar. */
export function Welcome() {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setElapsed((ms) => Math.min(WELCOME_MS, ms + TICK_MS)), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const percent = Math.round((elapsed / WELCOME_MS) * WELCOME_END_PERCENT);
  return (
    <div class="welcome">
      <h1 id="auth-title">{t('auth.welcomeTo', { brand: BRAND })}</h1>
      <div class="progress" role="progressbar" aria-label={t('auth.settingUp')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div class="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
