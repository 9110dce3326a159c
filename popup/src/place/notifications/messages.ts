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
};

export const messages = defineMessages('notifications', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;
