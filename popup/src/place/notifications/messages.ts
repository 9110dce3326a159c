import { defineMessages } from '../../i18n';

/**
 * Notifications in the app (issue 28): the header's badge and the list page (/notifications/). Both are
 * lazy chunks, so the save popup's first-open bundle does not carry them; their words come with them.
 */
export const english = {
  title: "Notifications",
  unread: "{{count}} unread",
  invite: "{{actor}} invited you to collaborate on {{board}}.",
  inviteNoBoard: "{{actor}} invited you to collaborate on a board.",
  accepted: "{{actor}} joined your board {{board}}.",
  acceptedNoBoard: "{{actor}} joined one of your boards.",
  follower: "{{actor}} started following you.",
  saved: "{{actor}} saved your Pin to {{board}}.",
  savedNoBoard: "{{actor}} saved your Pin.",
  seePin: "See your Pin",
  new: "New",
  empty: "No notifications yet.",
  more: "More notifications",
  reviewed: "We reviewed your report. Thank you for telling us.",
  hiddenPin: "We hid your Pin from everyone else. Why: {{reason}}",
  hiddenBoard: "We hid your board from everyone else. Why: {{reason}}",
  removedPin: "We removed your Pin. Why: {{reason}}",
  removedBoard: "We removed your board. Why: {{reason}}",
  warned: "A warning about what you shared. Why: {{reason}}",
  seeAndAppeal: "See it (you may appeal once)",
  restoredPin: "We looked again and your Pin is shown again. Why: {{reason}}",
  restoredBoard: "We looked again and your board is shown again. Why: {{reason}}",
  domainTaken: "Another account proved {{domain}} is its website, so you are no longer its official account. If the site is yours, claim it again in {{settings}}.",
  scheduledPinFailed: "A Pin you scheduled couldn't be published, so nothing was posted.",
  profileSettings: "your profile settings",
};

export const messages = defineMessages('notifications', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;
