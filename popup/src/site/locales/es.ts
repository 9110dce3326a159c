import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Lo sentimos, no hemos encontrado esa página.',
  contactTitle: 'Contacto',
  lockedOut: '¿No puedes entrar en tu cuenta? {{reset}}.',
  resetLink: 'Restablece tu contraseña',
  otherwise: 'Para cualquier otra cosa, escribe a quienes gestionan este sitio.',
  home: 'Ir a la página de inicio',
  welcomeName: 'Te damos la bienvenida, {{name}}',
} satisfies AreaTranslation<typeof english>;
