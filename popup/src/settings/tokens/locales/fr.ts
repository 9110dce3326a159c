import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: "Jetons d'accès",
  intro: "Un jeton permet à vos propres scripts et applications d'utiliser {{brand}} en votre nom, sans votre mot de passe. Gardez-le secret : quiconque le détient peut faire ce qu'il autorise.",
  logInFirst: "Connectez-vous pour gérer vos jetons d'accès.",
  name: 'Nom du jeton',
  scope: 'Accès',
  scopeRead: 'Lecture seule',
  scopeWrite: 'Lecture et écriture (enregistrer des Épingles, créer des tableaux)',
  create: 'Créer un jeton',
  newTitle: 'Votre nouveau jeton',
  newIntro: "Copiez-le maintenant : c'est la seule fois où nous l'affichons.",
  copied: 'Copié',
  copy: 'Copier',
  listTitle: 'Vos jetons',
  none: "Vous n'avez aucun jeton d'accès.",
  lastUsed: 'Dernière utilisation {{time}}',
  neverUsed: 'Jamais utilisé',
  created: 'Créé {{time}}',
  revoke: 'Révoquer',
  revoked: 'Le jeton est révoqué : il ne fonctionne plus.',
  dies: 'Les jetons cessent de fonctionner quand vous changez de mot de passe ou que votre compte est fermé.',
  toSettings: 'Paramètres du compte',
};
export default words;
