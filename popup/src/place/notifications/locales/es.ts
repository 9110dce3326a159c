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
  reviewed: "Hemos revisado tu denuncia. Gracias por avisarnos.",
  hiddenPin: "Hemos ocultado tu Pin para los demás. Motivo: {{reason}}",
  hiddenBoard: "Hemos ocultado tu tablero para los demás. Motivo: {{reason}}",
  removedPin: "Hemos eliminado tu Pin. Motivo: {{reason}}",
  removedBoard: "Hemos eliminado tu tablero. Motivo: {{reason}}",
  warned: "Una advertencia sobre lo que has compartido. Motivo: {{reason}}",
  seeAndAppeal: "Verlo (puedes apelar una vez)",
  restoredPin: "Lo hemos revisado de nuevo y tu Pin vuelve a mostrarse. Motivo: {{reason}}",
  restoredBoard: "Lo hemos revisado de nuevo y tu tablero vuelve a mostrarse. Motivo: {{reason}}",
  domainTaken: "Otra cuenta ha demostrado que {{domain}} es su sitio web, así que ya no eres su cuenta oficial. Si el sitio es tuyo, reclámalo de nuevo en {{settings}}.",
  profileSettings: "la configuración de tu perfil",
} satisfies AreaTranslation<typeof english>;
