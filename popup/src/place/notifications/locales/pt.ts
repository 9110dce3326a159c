import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Notificações",
  unread: "{{count}} por ler",
  invite: "{{actor}} convidou-te para colaborar em {{board}}.",
  inviteNoBoard: "{{actor}} convidou-te para colaborar numa pasta.",
  accepted: "{{actor}} juntou-se à tua pasta {{board}}.",
  acceptedNoBoard: "{{actor}} juntou-se a uma das tuas pastas.",
  follower: "{{actor}} começou a seguir-te.",
  saved: "{{actor}} guardou o teu Pin em {{board}}.",
  savedNoBoard: "{{actor}} guardou o teu Pin.",
  seePin: "Ver o teu Pin",
  new: "Nova",
  empty: "Ainda não há notificações.",
  more: "Mais notificações",
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
