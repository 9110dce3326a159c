import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Tokens de acceso',
  intro: 'Un token permite que tus propios scripts y apps usen {{brand}} en tu nombre, sin tu contraseña. Mantenlo en secreto: cualquiera que lo tenga puede hacer lo que permite.',
  logInFirst: 'Inicia sesión para gestionar tus tokens de acceso.',
  name: 'Nombre del token',
  scope: 'Acceso',
  scopeRead: 'Solo lectura',
  scopeWrite: 'Lectura y escritura (guardar Pines, crear tableros)',
  create: 'Crear token',
  newTitle: 'Tu nuevo token',
  newIntro: 'Cópialo ahora: es la única vez que lo mostramos.',
  copied: 'Copiado',
  copy: 'Copiar',
  listTitle: 'Tus tokens',
  none: 'No tienes tokens de acceso.',
  lastUsed: 'Último uso {{time}}',
  neverUsed: 'Nunca usado',
  created: 'Creado {{time}}',
  revoke: 'Revocar',
  revoked: 'El token se ha revocado: ya no funciona.',
  dies: 'Los tokens dejan de funcionar cuando cambias tu contraseña o se cierra tu cuenta.',
  toSettings: 'Configuración de la cuenta',
};
export default words;
