import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Désolé, nous n’avons pas trouvé cette page.',
  contactTitle: 'Nous contacter',
  lockedOut: 'Vous n’arrivez pas à accéder à votre compte ? {{reset}}.',
  resetLink: 'Réinitialisez votre mot de passe',
  otherwise: 'Pour toute autre question, écrivez aux personnes qui gèrent ce site.',
  home: 'Aller à la page d’accueil',
  welcomeName: 'Bienvenue, {{name}}',
} satisfies AreaTranslation<typeof english>;
