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
} satisfies AreaTranslation<typeof english>;
