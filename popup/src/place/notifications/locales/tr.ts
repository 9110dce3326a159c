import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Bildirimler",
  unread: "{{count}} okunmamış",
  invite: "{{actor}} seni {{board}} panosunda ortak çalışmaya davet etti.",
  inviteNoBoard: "{{actor}} seni bir panoda ortak çalışmaya davet etti.",
  accepted: "{{actor}} {{board}} panona katıldı.",
  acceptedNoBoard: "{{actor}} panolarından birine katıldı.",
  follower: "{{actor}} seni takip etmeye başladı.",
  saved: "{{actor}} Pinini {{board}} panosuna kaydetti.",
  savedNoBoard: "{{actor}} Pinini kaydetti.",
  seePin: "Pinini gör",
  new: "Yeni",
  empty: "Henüz bildirim yok.",
  more: "Daha fazla bildirim",
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
