import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "تعديل اللوحة",
  settingsTitle: "إعدادات اللوحة",
  name: "الاسم",
  description: "الوصف",
  secret: "إبقاء هذه اللوحة سرية",
  secretHint: "لا يراها إلا أنت والمتعاونون معك.",
  cover: "الغلاف",
  coverAutomatic: "تلقائي",
  coverPin: "الدبوس {{n}}",
  noCovers: "احفظ دبابيس بصور في هذه اللوحة لتختار غلافها.",
  save: "حفظ",
  saving: "جارٍ الحفظ…",
  cancel: "إلغاء",
  saved: "تم حفظ التغييرات.",
  inviteTitle: "دعوة متعاونين",
  invite: "إرسال الدعوات",
  invitesSent: "تم إرسال الدعوات.",
  archive: "أرشفة اللوحة",
  archiveHint: "تخفي الأرشفة اللوحة من ملفك الشخصي ومن منتقي اللوحات. يمكنك إلغاء أرشفتها في أي وقت.",
  unarchive: "إلغاء الأرشفة",
  archivedNotice: "هذه اللوحة مؤرشفة. لا يراها أحد غيرك، ولا يمكن حفظ شيء فيها.",
  archivedBoards: "اللوحات المؤرشفة",
  addSection: "إضافة قسم",
  closeSection: "إلغاء",
} satisfies AreaTranslation<typeof english>;
