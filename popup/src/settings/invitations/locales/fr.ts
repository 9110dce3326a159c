import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Inviter des personnes',
  intro: "Ce {{brand}} est sur invitation uniquement. Invitez quelqu'un par e-mail : cette personne reçoit un lien qui crée un compte, pour cette adresse, dans les 14 jours.",
  notInvite: "Ce {{brand}} ne prend pas d'invitations : ses inscriptions sont ouvertes ou fermées.",
  logInFirst: 'Connectez-vous pour inviter des personnes.',
  email: 'Son adresse e-mail',
  send: "Envoyer l'invitation",
  sent: 'Invitation envoyée à {{email}}.',
  toSettings: 'Paramètres du compte',
};
export default words;
