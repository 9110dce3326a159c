import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Benachrichtigungen",
  unread: "{{count}} ungelesen",
  invite: "{{actor}} hat dich eingeladen, an {{board}} mitzuwirken.",
  inviteNoBoard: "{{actor}} hat dich eingeladen, an einer Pinnwand mitzuwirken.",
  accepted: "{{actor}} ist deiner Pinnwand {{board}} beigetreten.",
  acceptedNoBoard: "{{actor}} ist einer deiner Pinnwände beigetreten.",
  follower: "{{actor}} folgt dir jetzt.",
  saved: "{{actor}} hat deinen Pin auf {{board}} gemerkt.",
  savedNoBoard: "{{actor}} hat deinen Pin gemerkt.",
  seePin: "Deinen Pin ansehen",
  new: "Neu",
  empty: "Noch keine Benachrichtigungen.",
  more: "Weitere Benachrichtigungen",
} satisfies AreaTranslation<typeof english>;
