import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'دعوة أشخاص',
  intro: '{{brand}} هذا بالدعوة فقط. ادعُ شخصًا عبر البريد الإلكتروني: سيتلقى رابطًا يُنشئ حسابًا واحدًا لهذا العنوان خلال 14 يومًا.',
  notInvite: '{{brand}} هذا لا يقبل الدعوات: التسجيل فيه مفتوح أو مغلق.',
  logInFirst: 'سجّل الدخول لدعوة الأشخاص.',
  email: 'بريده الإلكتروني',
  send: 'إرسال الدعوة',
  sent: 'تم إرسال الدعوة إلى {{email}}.',
  toSettings: 'إعدادات الحساب',
};
export default words;
