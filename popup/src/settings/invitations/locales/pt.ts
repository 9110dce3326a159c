import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Convidar pessoas',
  intro: 'Este {{brand}} é somente para convidados. Convide alguém por e-mail: a pessoa recebe um link que cria uma conta, para esse endereço, em até 14 dias.',
  notInvite: 'Este {{brand}} não aceita convites: o cadastro está aberto ou fechado.',
  logInFirst: 'Faça login para convidar pessoas.',
  email: 'E-mail da pessoa',
  send: 'Enviar convite',
  sent: 'Convite enviado para {{email}}.',
  toSettings: 'Configurações da conta',
};
export default words;
