import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'أكّد عنوان بريدك الإلكتروني',
  confirmIntro: 'أكّد أن عنوان البريد الإلكتروني هذا لك. حتى ذلك الحين تنتظرك الدعوات المرسلة إليه.',
  confirm: 'تأكيد البريد الإلكتروني',
  confirming: 'جارٍ التأكيد…',
  doneTitle: 'تم التحقق من بريدك الإلكتروني',
  doneBody: 'تم تأكيد {{email}}. يمكنك الآن قبول الدعوات المرسلة إليه.',
  expired: 'انتهت صلاحية هذا الرابط أو سبق استخدامه. اطلب رابطًا جديدًا من إعدادات حسابك.',
  claimed: 'عنوان البريد الإلكتروني هذا أصبح تابعًا لحساب آخر.',
  toSettings: 'الانتقال إلى إعدادات الحساب',
  sectionTitle: 'عنوان البريد الإلكتروني',
  verified: 'تم التحقق من {{email}}.',
  unverified: 'لم يتم التحقق من {{email}} بعد. افتح الرابط الذي أرسلناه إليك.',
  pending: 'أرسلنا رابطًا إلى {{email}}. سيصبح بريد حسابك الإلكتروني عندما تفتحه.',
  resend: 'إعادة إرسال البريد',
  sent: 'تم إرسال البريد إلى {{email}}!',
} satisfies AreaTranslation<typeof english>;
