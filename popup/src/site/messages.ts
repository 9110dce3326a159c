import { defineMessages } from '../i18n';

/**
 * The site's own pages outside any area (issue 27): the one not-found page every unknown path shows, and
 * 'Contact us'. A lazy chunk with its words, translated into every language (i18n/catalogues.test.ts).
 */
export const english = {
  pageNotFound: "Sorry, we couldn't find that page.",
  contactTitle: 'Contact us',
  lockedOut: "Can't get into your account? {{reset}}.",
  resetLink: 'Reset your password',
  otherwise: 'For anything else, write to the people who run this site.',
  home: 'Go to the home page',
  welcomeName: 'Welcome, {{name}}',
};

export const messages = defineMessages('site', english, {
  de: () => import('./locales/de'),
  fr: () => import('./locales/fr'),
  es: () => import('./locales/es'),
  it: () => import('./locales/it'),
  pt: () => import('./locales/pt'),
  nl: () => import('./locales/nl'),
  sv: () => import('./locales/sv'),
  pl: () => import('./locales/pl'),
  ru: () => import('./locales/ru'),
  tr: () => import('./locales/tr'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  zh: () => import('./locales/zh'),
  ar: () => import('./locales/ar'),
});

export const { t } = messages;
