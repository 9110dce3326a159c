import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Notificaciones",
  unread: "{{count}} sin leer",
  invite: "{{actor}} te invitó a colaborar en {{board}}.",
  inviteNoBoard: "{{actor}} te invitó a colaborar en un tablero.",
  accepted: "{{actor}} se unió a tu tablero {{board}}.",
  acceptedNoBoard: "{{actor}} se unió a uno de tus tableros.",
  follower: "{{actor}} empezó a seguirte.",
  saved: "{{actor}} guardó tu Pin en {{board}}.",
  savedNoBoard: "{{actor}} guardó tu Pin.",
  seePin: "Ver tu Pin",
  new: "Nuevo",
  empty: "Todavía no hay notificaciones.",
  more: "Más notificaciones",
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
