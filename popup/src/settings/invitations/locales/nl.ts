import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Mensen uitnodigen',
  intro: 'Deze {{brand}} is alleen op uitnodiging. Nodig iemand uit per e-mail: die krijgt een link waarmee binnen 14 dagen één account voor dat adres kan worden aangemaakt.',
  notInvite: 'Deze {{brand}} werkt niet met uitnodigingen: aanmelden is open of gesloten.',
  logInFirst: 'Log in om mensen uit te nodigen.',
  email: 'Hun e-mailadres',
  send: 'Uitnodiging versturen',
  sent: 'Uitnodiging verstuurd naar {{email}}.',
  toSettings: 'Accountinstellingen',
};
export default words;
