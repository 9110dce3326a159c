import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Kişileri davet et',
  intro: 'Bu {{brand}} yalnızca davetle kullanılabilir. Birini e-postayla davet edin: 14 gün içinde o adres için bir hesap oluşturan bir bağlantı alır.',
  notInvite: 'Bu {{brand}} davet kabul etmiyor: kayıtlar açık veya kapalı.',
  logInFirst: 'Kişileri davet etmek için oturum açın.',
  email: 'Kişinin e-posta adresi',
  send: 'Davet gönder',
  sent: 'Davet {{email}} adresine gönderildi.',
  toSettings: 'Hesap ayarları',
};
export default words;
