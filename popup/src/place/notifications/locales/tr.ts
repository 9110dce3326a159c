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
  reviewed: "Bildiriminizi inceledik. Bize bildirdiğiniz için teşekkürler.",
  hiddenPin: "Pin'inizi diğer herkesten gizledik. Neden: {{reason}}",
  hiddenBoard: "Panonuzu diğer herkesten gizledik. Neden: {{reason}}",
  removedPin: "Pin'inizi kaldırdık. Neden: {{reason}}",
  removedBoard: "Panonuzu kaldırdık. Neden: {{reason}}",
  warned: "Paylaştığınız içerikle ilgili bir uyarı. Neden: {{reason}}",
  seeAndAppeal: "Görüntüle (bir kez itiraz edebilirsiniz)",
  restoredPin: "Tekrar inceledik ve Pin'iniz yeniden gösteriliyor. Neden: {{reason}}",
  restoredBoard: "Tekrar inceledik ve panonuz yeniden gösteriliyor. Neden: {{reason}}",
  domainTaken: "Başka bir hesap {{domain}} sitesinin kendisine ait olduğunu kanıtladı, bu yüzden artık resmi hesabı değilsin. Site seninse {{settings}} bölümünden yeniden talep et.",
  profileSettings: "profil ayarların",
} satisfies AreaTranslation<typeof english>;
