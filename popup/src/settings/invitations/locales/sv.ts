import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Bjud in personer',
  intro: 'Denna {{brand}} kräver inbjudan. Bjud in någon via e-post: personen får en länk som skapar ett konto för den adressen inom 14 dagar.',
  notInvite: 'Denna {{brand}} tar inte emot inbjudningar: registreringen är öppen eller stängd.',
  logInFirst: 'Logga in för att bjuda in personer.',
  email: 'Personens e-postadress',
  send: 'Skicka inbjudan',
  sent: 'Inbjudan skickad till {{email}}.',
  toSettings: 'Kontoinställningar',
};
export default words;
