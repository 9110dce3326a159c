import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Tokens de acesso',
  intro: 'Um token permite que seus próprios scripts e apps usem o {{brand}} como você, sem sua senha. Mantenha-o em segredo: quem o tiver pode fazer o que ele permite.',
  logInFirst: 'Faça login para gerenciar seus tokens de acesso.',
  name: 'Nome do token',
  scope: 'Acesso',
  scopeRead: 'Somente leitura',
  scopeWrite: 'Leitura e escrita (salvar Pins, criar pastas)',
  create: 'Criar token',
  newTitle: 'Seu novo token',
  newIntro: 'Copie agora: esta é a única vez que o mostramos.',
  copied: 'Copiado',
  copy: 'Copiar',
  listTitle: 'Seus tokens',
  none: 'Você não tem tokens de acesso.',
  lastUsed: 'Último uso {{time}}',
  neverUsed: 'Nunca usado',
  created: 'Criado {{time}}',
  revoke: 'Revogar',
  revoked: 'O token foi revogado: ele não funciona mais.',
  dies: 'Os tokens deixam de funcionar quando você muda sua senha ou sua conta é encerrada.',
  toSettings: 'Configurações da conta',
};
export default words;
