import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Invitar a personas',
  intro: 'Este {{brand}} es solo por invitación. Invita a alguien por correo electrónico: recibirá un enlace para crear una cuenta, con esa dirección, en un plazo de 14 días.',
  notInvite: 'Este {{brand}} no admite invitaciones: su registro está abierto o cerrado.',
  logInFirst: 'Inicia sesión para invitar a personas.',
  email: 'Su correo electrónico',
  send: 'Enviar invitación',
  sent: 'Invitación enviada a {{email}}.',
  toSettings: 'Configuración de la cuenta',
};
export default words;
