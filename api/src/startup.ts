import type { Config } from './config.js';

/**
 * Why the server must not start with this configuration, or null. Production without SMTP_URL
 * would keep password-reset links and log-in mail in the dev outbox, which production does not
 * serve: every such mail would be lost without a word. Refuse to start instead.
 */
export function startupProblem(config: Config): string | null {
  if (config.env === 'production' && !config.smtpUrl) {
    return 'NODE_ENV=production needs SMTP_URL (for example smtp://user:password@mail.example.com:587): without it password-reset and log-in mail would be dropped. Set SMTP_URL, or run without NODE_ENV=production to use the dev outbox.';
  }
  return null;
}

/** Where mail goes, as the start-up banner says it: the SMTP host (never its credentials) or the dev outbox. */
export function mailDestination(config: Config): string {
  if (config.smtpUrl) {
    try {
      const url = new URL(config.smtpUrl);
      return `SMTP at ${url.host}`;
    } catch {
      return 'SMTP (SMTP_URL is not a URL)';
    }
  }
  return `the dev outbox at ${config.publicOrigin}/dev/outbox (loopback clients only)`;
}
