import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Desculpe, não encontramos essa página.',
  contactTitle: 'Fale conosco',
  lockedOut: 'Não consegue entrar na sua conta? {{reset}}.',
  resetLink: 'Redefina sua senha',
  otherwise: 'Para qualquer outro assunto, escreva para quem administra este site.',
  home: 'Ir para a página inicial',
  welcomeName: 'Boas-vindas, {{name}}',
} satisfies AreaTranslation<typeof english>;
