import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Invita persone',
  intro: "Questo {{brand}} è solo su invito. Invita qualcuno via email: riceverà un link che crea un account, per quell'indirizzo, entro 14 giorni.",
  notInvite: 'Questo {{brand}} non accetta inviti: le registrazioni sono aperte o chiuse.',
  logInFirst: 'Accedi per invitare persone.',
  email: 'La sua email',
  send: 'Invia invito',
  sent: 'Invito inviato a {{email}}.',
  toSettings: 'Impostazioni account',
};
export default words;
