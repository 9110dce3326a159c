import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Confirma tu dirección de correo',
  confirmIntro: 'Confirma que esta dirección de correo es tuya. Hasta entonces, las invitaciones enviadas a ella te esperan.',
  confirm: 'Confirmar correo',
  confirming: 'Confirmando…',
  doneTitle: 'Tu correo está verificado',
  doneBody: '{{email}} está confirmado. Ya puedes aceptar las invitaciones enviadas a él.',
  expired: 'Este enlace caducó o ya se usó. Pide uno nuevo en la configuración de tu cuenta.',
  claimed: 'Esta dirección de correo ahora pertenece a otra cuenta.',
  toSettings: 'Ir a la configuración de la cuenta',
  sectionTitle: 'Dirección de correo',
  verified: '{{email}} está verificado.',
  unverified: '{{email}} aún no está verificado. Sigue el enlace que te enviamos.',
  pending: 'Enviamos un enlace a {{email}}. Será el correo de tu cuenta cuando lo sigas.',
  resend: 'Reenviar correo',
  sent: '¡Correo enviado a {{email}}!',
  inviteWaits: 'Te invitaron a este tablero. Confirma tu dirección de correo para verlo y unirte.',
  undoTitle: 'Deshacer el cambio de correo',
  undoIntro: 'Vuelve a hacer de esta dirección el correo de tu cuenta y cierra sesión en todas partes. Después, restablece tu contraseña.',
  undo: 'Deshacer el cambio',
  undone: '{{email}} vuelve a ser el correo de tu cuenta y se han cerrado todas las sesiones. Restablece tu contraseña para iniciar sesión.',
} satisfies AreaTranslation<typeof english>;
