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
  reviewed: "Wir haben deine Meldung geprüft. Danke für deinen Hinweis.",
  hiddenPin: "Wir haben deinen Pin für alle anderen ausgeblendet. Grund: {{reason}}",
  hiddenBoard: "Wir haben deine Pinnwand für alle anderen ausgeblendet. Grund: {{reason}}",
  removedPin: "Wir haben deinen Pin entfernt. Grund: {{reason}}",
  removedBoard: "Wir haben deine Pinnwand entfernt. Grund: {{reason}}",
  warned: "Eine Verwarnung wegen deiner geteilten Inhalte. Grund: {{reason}}",
  seeAndAppeal: "Ansehen (du kannst einmal Einspruch einlegen)",
  restoredPin: "Wir haben es erneut geprüft: Dein Pin wird wieder angezeigt. Grund: {{reason}}",
  restoredBoard: "Wir haben es erneut geprüft: Deine Pinnwand wird wieder angezeigt. Grund: {{reason}}",
  domainTaken: "Ein anderes Konto hat nachgewiesen, dass {{domain}} seine Website ist. Du bist nicht mehr ihr offizielles Konto. Wenn die Website dir gehört, beanspruche sie erneut in {{settings}}.",
  profileSettings: "deinen Profileinstellungen",
} satisfies AreaTranslation<typeof english>;
