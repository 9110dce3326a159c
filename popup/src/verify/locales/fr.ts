import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Confirmez votre adresse e-mail',
  confirmIntro: 'Confirmez que cette adresse e-mail est bien la vôtre. En attendant, les invitations qui lui sont envoyées vous attendent.',
  confirm: 'Confirmer l’adresse e-mail',
  confirming: 'Confirmation…',
  doneTitle: 'Votre adresse e-mail est confirmée',
  doneBody: '{{email}} est confirmée. Vous pouvez accepter les invitations qui lui sont envoyées.',
  expired: 'Ce lien a expiré ou a déjà été utilisé. Demandez-en un nouveau dans les paramètres de votre compte.',
  claimed: 'Cette adresse e-mail appartient désormais à un autre compte.',
  toSettings: 'Aller aux paramètres du compte',
  sectionTitle: 'Adresse e-mail',
  verified: '{{email}} est confirmée.',
  unverified: '{{email}} n’est pas encore confirmée. Suivez le lien que nous vous avons envoyé.',
  pending: 'Nous avons envoyé un lien à {{email}}. Elle deviendra l’adresse de votre compte quand vous l’aurez suivi.',
  resend: 'Renvoyer l’e-mail',
  sent: 'E-mail envoyé à {{email}} !',
  inviteWaits: 'Vous êtes invité à ce tableau. Confirmez votre adresse e-mail pour le voir et le rejoindre.',
  undoTitle: 'Annuler le changement d’e-mail',
  undoIntro: 'Faites de cette adresse l’e-mail de votre compte à nouveau et déconnectez-vous partout. Réinitialisez ensuite votre mot de passe.',
  undo: 'Annuler le changement',
  undone: '{{email}} est à nouveau l’e-mail de votre compte, et toutes les sessions sont déconnectées. Réinitialisez votre mot de passe pour vous connecter.',
} satisfies AreaTranslation<typeof english>;
