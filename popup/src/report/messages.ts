import { defineMessages } from '../i18n';

/** Reporting a pin, board or profile, and what an owner sees of a decision on theirs (marks, appeal). */
export const english = {
  report: 'Report',
  reportPin: 'Report this Pin',
  reportBoard: 'Report this board',
  reportProfile: 'Report this profile',
  moreActions: 'More actions',
  why: 'Why are you reporting this?',
  spam: 'Spam',
  nudity: 'Nudity or pornography',
  self_harm: 'Self-harm',
  misinformation: 'Misinformation',
  hateful_activities: 'Hateful activities',
  dangerous_goods: 'Dangerous goods',
  harassment: 'Harassment or criticism',
  graphic_violence: 'Graphic violence',
  privacy_violation: 'Privacy violation',
  intellectual_property: 'Intellectual property',
  note: 'Anything else we should know? (optional)',
  send: 'Send report',
  cancel: 'Cancel',
  close: 'Close',
  thanks: 'Thanks for telling us. We will review it against our rules.',
  already: 'You have already reported this. Thanks for telling us.',
  hideIt: 'Hide it from my view',
  hiddenForYou: 'Hidden from your view.',
  hiddenMark: 'Hidden from everyone else by the moderators. Why: {{reason}}',
  removedMark: 'Removed by the moderators. Why: {{reason}}',
  appeal: 'Appeal',
  appealNote: 'Why should we look again? (optional)',
  appealSend: 'Send appeal',
  appealed: 'You have appealed. We will look again.',
};

export const messages = defineMessages('report', english, (lang) => import(`./locales/${lang}.ts`));
export const { t } = messages;
export type ReportWord = keyof typeof english;
