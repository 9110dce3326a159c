import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Panoyu düzenle",
  settingsTitle: "Pano ayarları",
  name: "Ad",
  description: "Açıklama",
  secret: "Bu panoyu gizli tut",
  secretHint: "Yalnızca sen ve ortak çalışanların görebilir.",
  cover: "Kapak",
  coverAutomatic: "Otomatik",
  coverPin: "Pin {{n}}",
  noCovers: "Kapağını seçmek için bu panoya görselli Pinler kaydet.",
  save: "Kaydet",
  saving: "Kaydediliyor…",
  cancel: "İptal",
  saved: "Değişiklikler kaydedildi.",
  inviteTitle: "Ortak çalışan davet et",
  invite: "Davetleri gönder",
  invitesSent: "Davetler gönderildi.",
  archive: "Panoyu arşivle",
  archiveHint: "Arşivlemek panoyu profilinden ve pano seçiciden gizler. İstediğin zaman arşivden çıkarabilirsin.",
  unarchive: "Arşivden çıkar",
  archivedNotice: "Bu pano arşivlendi. Yalnızca sen görebilirsin ve ona hiçbir şey kaydedilemez.",
  archivedBoards: "Arşivlenen panolar",
  addSection: "Bölüm ekle",
  closeSection: "İptal",
} satisfies AreaTranslation<typeof english>;
