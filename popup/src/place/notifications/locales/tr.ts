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
} satisfies AreaTranslation<typeof english>;
