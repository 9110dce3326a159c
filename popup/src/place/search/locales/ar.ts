import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'ابحث في دبابيسك',
  mineLabel: 'ابحث في دبابيسك ولوحاتك',
  minePlaceholder: 'كلمة أو موقع أو #وسم',
  boardsHeading: 'اللوحات',
  pinsHeading: 'الدبابيس',
  morePins: 'المزيد من الدبابيس',
  noPins: 'لا توجد دبابيس تطابق «{{query}}».',
  searchEveryone: 'ابحث عن «{{query}}» في دبابيس الجميع',
  everyoneLabel: 'ابحث في الدبابيس',
  everyoneHeading: 'دبابيس الجميع',
  submit: 'بحث',
  typeToSearch: 'اكتب كلمة أو #وسمًا للعثور على دبابيس عامة.',
} satisfies AreaTranslation<typeof english>;
