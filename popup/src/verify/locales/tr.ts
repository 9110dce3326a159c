import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'E-posta adresini doğrula',
  confirmIntro: 'Bu e-posta adresinin sana ait olduğunu doğrula. O zamana kadar bu adrese gönderilen davetler seni bekler.',
  confirm: 'E-postayı doğrula',
  confirming: 'Doğrulanıyor…',
  doneTitle: 'E-posta adresin doğrulandı',
  doneBody: '{{email}} doğrulandı. Bu adrese gönderilen davetleri artık kabul edebilirsin.',
  expired: 'Bu bağlantının süresi dolmuş ya da bağlantı zaten kullanılmış. Hesap ayarlarından yenisini iste.',
  claimed: 'Bu e-posta adresi artık başka bir hesaba ait.',
  toSettings: 'Hesap ayarlarına git',
  sectionTitle: 'E-posta adresi',
  verified: '{{email}} doğrulandı.',
  unverified: '{{email}} henüz doğrulanmadı. Sana e-postayla gönderdiğimiz bağlantıyı aç.',
  pending: '{{email}} adresine bir bağlantı gönderdik. Bağlantıyı açtığında bu adres hesabının e-postası olur.',
  resend: 'E-postayı yeniden gönder',
  sent: 'E-posta {{email}} adresine gönderildi!',
  inviteWaits: 'Bu panoya davet edildin. Görmek ve katılmak için e-posta adresini doğrula.',
  undoTitle: 'E-posta değişikliğini geri al',
  undoIntro: 'Bu adresi yeniden hesabınızın e-postası yapın ve her yerde oturumu kapatın. Ardından şifrenizi sıfırlayın.',
  undo: 'Değişikliği geri al',
  undone: '{{email}} yeniden hesabınızın e-postası ve tüm oturumlar kapatıldı. Giriş yapmak için şifrenizi sıfırlayın.',
} satisfies AreaTranslation<typeof english>;
