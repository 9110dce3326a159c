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
  reviewed: "We reviewed your report. Thank you for telling us.",
  hiddenPin: "We hid your Pin from everyone else. Why: {{reason}}",
  hiddenBoard: "We hid your board from everyone else. Why: {{reason}}",
  removedPin: "We removed your Pin. Why: {{reason}}",
  removedBoard: "We removed your board. Why: {{reason}}",
  warned: "A warning about what you shared. Why: {{reason}}",
  seeAndAppeal: "See it (you may appeal once)",
  restoredPin: "We looked again and your Pin is shown again. Why: {{reason}}",
  restoredBoard: "We looked again and your board is shown again. Why: {{reason}}",
} satisfies AreaTranslation<typeof english>;
