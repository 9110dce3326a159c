import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'رموز الوصول',
  intro: 'يتيح الرمز لبرامجك النصية وتطبيقاتك استخدام {{brand}} باسمك دون كلمة المرور. احتفظ به سرًا: يمكن لأي شخص يملكه فعل ما يسمح به.',
  logInFirst: 'سجّل الدخول لإدارة رموز الوصول الخاصة بك.',
  name: 'اسم الرمز',
  scope: 'الوصول',
  scopeRead: 'قراءة فقط',
  scopeWrite: 'قراءة وكتابة (حفظ Pins وإنشاء لوحات)',
  create: 'إنشاء رمز',
  newTitle: 'رمزك الجديد',
  newIntro: 'انسخه الآن: هذه هي المرة الوحيدة التي نعرضه فيها.',
  copied: 'تم النسخ',
  copy: 'نسخ',
  listTitle: 'رموزك',
  none: 'ليس لديك أي رموز وصول.',
  lastUsed: 'آخر استخدام {{time}}',
  neverUsed: 'لم يُستخدم قط',
  created: 'أُنشئ {{time}}',
  revoke: 'إبطال',
  revoked: 'تم إبطال الرمز: لم يعد يعمل.',
  dies: 'تتوقف الرموز عن العمل عند تغيير كلمة المرور أو إغلاق حسابك.',
  toSettings: 'إعدادات الحساب',
};
export default words;
