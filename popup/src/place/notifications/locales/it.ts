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
  reviewed: "Abbiamo esaminato la tua segnalazione. Grazie per avercelo segnalato.",
  hiddenPin: "Abbiamo nascosto il tuo Pin a tutti gli altri. Motivo: {{reason}}",
  hiddenBoard: "Abbiamo nascosto la tua bacheca a tutti gli altri. Motivo: {{reason}}",
  removedPin: "Abbiamo rimosso il tuo Pin. Motivo: {{reason}}",
  removedBoard: "Abbiamo rimosso la tua bacheca. Motivo: {{reason}}",
  warned: "Un avviso su ciò che hai condiviso. Motivo: {{reason}}",
  seeAndAppeal: "Visualizza (puoi presentare ricorso una volta)",
  restoredPin: "Abbiamo riesaminato e il tuo Pin è di nuovo visibile. Motivo: {{reason}}",
  restoredBoard: "Abbiamo riesaminato e la tua bacheca è di nuovo visibile. Motivo: {{reason}}",
  domainTaken: "Un altro account ha dimostrato che {{domain}} è il suo sito, quindi non sei più il suo account ufficiale. Se il sito è tuo, rivendicalo di nuovo in {{settings}}.",
  profileSettings: "impostazioni del profilo",
} satisfies AreaTranslation<typeof english>;
