import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Erişim anahtarları',
  intro: 'Bir anahtar, kendi betiklerinizin ve uygulamalarınızın {{brand}} hizmetini şifreniz olmadan sizin adınıza kullanmasını sağlar. Gizli tutun: ona sahip olan herkes izin verdiği şeyleri yapabilir.',
  logInFirst: 'Erişim anahtarlarınızı yönetmek için oturum açın.',
  name: 'Anahtar adı',
  scope: 'Erişim',
  scopeRead: 'Yalnızca okuma',
  scopeWrite: 'Okuma ve yazma (Pin kaydetme, pano oluşturma)',
  create: 'Anahtar oluştur',
  newTitle: 'Yeni anahtarınız',
  newIntro: 'Şimdi kopyalayın: onu yalnızca bu sefer gösteriyoruz.',
  copied: 'Kopyalandı',
  copy: 'Kopyala',
  listTitle: 'Anahtarlarınız',
  none: 'Hiç erişim anahtarınız yok.',
  lastUsed: 'Son kullanım {{time}}',
  neverUsed: 'Hiç kullanılmadı',
  created: 'Oluşturulma {{time}}',
  revoke: 'İptal et',
  revoked: 'Anahtar iptal edildi: artık çalışmıyor.',
  dies: 'Şifrenizi değiştirdiğinizde veya hesabınız kapatıldığında anahtarlar çalışmaz hale gelir.',
  toSettings: 'Hesap ayarları',
};
export default words;
