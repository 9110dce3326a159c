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
  reviewed: "We reviewed your report. Thank you for telling us.",
  hiddenPin: "We hid your Pin from everyone else. Why: {{reason}}",
  hiddenBoard: "We hid your board from everyone else. Why: {{reason}}",
  removedPin: "We removed your Pin. Why: {{reason}}",
  removedBoard: "We removed your board. Why: {{reason}}",
  warned: "A warning about what you shared. Why: {{reason}}",
  seeAndAppeal: "See it (you may appeal once)",
  restoredPin: "We looked again and your Pin is shown again. Why: {{reason}}",
  restoredBoard: "We looked again and your board is shown again. Why: {{reason}}",
} satisfies AreaTranslation<typeof english>;
