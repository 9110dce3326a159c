import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "الإشعارات",
  unread: "غير مقروءة: {{count}}",
  invite: "دعاك {{actor}} إلى التعاون في {{board}}.",
  inviteNoBoard: "دعاك {{actor}} إلى التعاون في لوحة.",
  accepted: "انضم {{actor}} إلى لوحتك {{board}}.",
  acceptedNoBoard: "انضم {{actor}} إلى إحدى لوحاتك.",
  follower: "بدأ {{actor}} بمتابعتك.",
  saved: "حفظ {{actor}} دبوسك في {{board}}.",
  savedNoBoard: "حفظ {{actor}} دبوسك.",
  seePin: "عرض دبوسك",
  new: "جديد",
  empty: "لا توجد إشعارات بعد.",
  more: "مزيد من الإشعارات",
} satisfies AreaTranslation<typeof english>;
