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
