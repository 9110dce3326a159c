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

export const messages = defineMessages('site', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;
