import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'عذرًا، لم نعثر على هذه الصفحة.',
  contactTitle: 'اتصل بنا',
  lockedOut: 'لا يمكنك الدخول إلى حسابك؟ {{reset}}.',
  resetLink: 'أعد تعيين كلمة المرور',
  otherwise: 'لأي أمر آخر، راسل القائمين على هذا الموقع.',
  home: 'الانتقال إلى الصفحة الرئيسية',
  welcomeName: 'مرحبًا بك، {{name}}',
} satisfies AreaTranslation<typeof english>;
