import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Üzgünüz, bu sayfayı bulamadık.',
  contactTitle: 'Bize ulaşın',
  lockedOut: 'Hesabınıza giremiyor musunuz? {{reset}}.',
  resetLink: 'Şifrenizi sıfırlayın',
  otherwise: 'Diğer her şey için bu siteyi yönetenlere yazın.',
  home: 'Ana sayfaya git',
  welcomeName: 'Hoş geldiniz, {{name}}',
} satisfies AreaTranslation<typeof english>;
