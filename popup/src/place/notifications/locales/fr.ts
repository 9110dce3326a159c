import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Notifications",
  unread: "{{count}} non lues",
  invite: "{{actor}} vous a invité à collaborer sur {{board}}.",
  inviteNoBoard: "{{actor}} vous a invité à collaborer sur un tableau.",
  accepted: "{{actor}} a rejoint votre tableau {{board}}.",
  acceptedNoBoard: "{{actor}} a rejoint un de vos tableaux.",
  follower: "{{actor}} vous suit désormais.",
  saved: "{{actor}} a enregistré votre Épingle dans {{board}}.",
  savedNoBoard: "{{actor}} a enregistré votre Épingle.",
  seePin: "Voir votre Épingle",
  new: "Nouveau",
  empty: "Aucune notification pour le moment.",
  more: "Plus de notifications",
  reviewed: "Nous avons examiné votre signalement. Merci de nous avoir prévenus.",
  hiddenPin: "Nous avons masqué votre Épingle pour tous les autres. Pourquoi : {{reason}}",
  hiddenBoard: "Nous avons masqué votre tableau pour tous les autres. Pourquoi : {{reason}}",
  removedPin: "Nous avons retiré votre Épingle. Pourquoi : {{reason}}",
  removedBoard: "Nous avons retiré votre tableau. Pourquoi : {{reason}}",
  warned: "Un avertissement concernant ce que vous avez partagé. Pourquoi : {{reason}}",
  seeAndAppeal: "Voir (vous pouvez faire appel une fois)",
  restoredPin: "Nous avons revu la décision : votre Épingle est de nouveau visible. Pourquoi : {{reason}}",
  restoredBoard: "Nous avons revu la décision : votre tableau est de nouveau visible. Pourquoi : {{reason}}",
  domainTaken: "Un autre compte a prouvé que {{domain}} est son site : vous n'êtes plus son compte officiel. Si le site est le vôtre, revendiquez-le à nouveau dans {{settings}}.",
  profileSettings: "les paramètres de votre profil",
} satisfies AreaTranslation<typeof english>;
