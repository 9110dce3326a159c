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
  reviewed: "راجعنا بلاغك. شكرًا لإبلاغنا.",
  hiddenPin: "أخفينا الـ Pin الخاص بك عن الجميع. السبب: {{reason}}",
  hiddenBoard: "أخفينا لوحتك عن الجميع. السبب: {{reason}}",
  removedPin: "أزلنا الـ Pin الخاص بك. السبب: {{reason}}",
  removedBoard: "أزلنا لوحتك. السبب: {{reason}}",
  warned: "تحذير بشأن ما شاركته. السبب: {{reason}}",
  seeAndAppeal: "عرضه (يمكنك الطعن مرة واحدة)",
  restoredPin: "راجعنا مجددًا وأصبح الـ Pin الخاص بك ظاهرًا مرة أخرى. السبب: {{reason}}",
  restoredBoard: "راجعنا مجددًا وأصبحت لوحتك ظاهرة مرة أخرى. السبب: {{reason}}",
  domainTaken: "أثبت حساب آخر أن {{domain}} هو موقعه، لذا لم تعد الحساب الرسمي له. إذا كان الموقع لك، فاطلبه مرة أخرى من {{settings}}.",
  profileSettings: "إعدادات ملفك الشخصي",
} satisfies AreaTranslation<typeof english>;
