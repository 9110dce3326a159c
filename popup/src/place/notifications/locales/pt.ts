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
  reviewed: "Analisamos sua denúncia. Obrigado por nos avisar.",
  hiddenPin: "Ocultamos seu Pin para todos os outros. Motivo: {{reason}}",
  hiddenBoard: "Ocultamos sua pasta para todos os outros. Motivo: {{reason}}",
  removedPin: "Removemos seu Pin. Motivo: {{reason}}",
  removedBoard: "Removemos sua pasta. Motivo: {{reason}}",
  warned: "Um aviso sobre o que você compartilhou. Motivo: {{reason}}",
  seeAndAppeal: "Ver (você pode recorrer uma vez)",
  restoredPin: "Analisamos de novo e seu Pin voltou a ser exibido. Motivo: {{reason}}",
  restoredBoard: "Analisamos de novo e sua pasta voltou a ser exibida. Motivo: {{reason}}",
  domainTaken: "Outra conta provou que {{domain}} é o site dela, então você não é mais a conta oficial. Se o site é seu, reivindique-o novamente em {{settings}}.",
  profileSettings: "configurações do perfil",
} satisfies AreaTranslation<typeof english>;
