import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Notifiche",
  unread: "{{count}} da leggere",
  invite: "{{actor}} ti ha invitato a collaborare su {{board}}.",
  inviteNoBoard: "{{actor}} ti ha invitato a collaborare su una bacheca.",
  accepted: "{{actor}} si è unito alla tua bacheca {{board}}.",
  acceptedNoBoard: "{{actor}} si è unito a una delle tue bacheche.",
  follower: "{{actor}} ha iniziato a seguirti.",
  saved: "{{actor}} ha salvato il tuo Pin su {{board}}.",
  savedNoBoard: "{{actor}} ha salvato il tuo Pin.",
  seePin: "Vedi il tuo Pin",
  new: "Nuova",
  empty: "Ancora nessuna notifica.",
  more: "Altre notifiche",
} satisfies AreaTranslation<typeof english>;
