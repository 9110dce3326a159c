import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Toegangstokens',
  intro: 'Met een token kunnen je eigen scripts en apps {{brand}} gebruiken als jou, zonder je wachtwoord. Houd het geheim: iedereen die het heeft, kan doen wat het toestaat.',
  logInFirst: 'Log in om je toegangstokens te beheren.',
  name: 'Naam van het token',
  scope: 'Toegang',
  scopeRead: 'Alleen lezen',
  scopeWrite: 'Lezen en schrijven (pins opslaan, borden maken)',
  create: 'Token maken',
  newTitle: 'Je nieuwe token',
  newIntro: 'Kopieer het nu: dit is de enige keer dat we het tonen.',
  copied: 'Gekopieerd',
  copy: 'Kopiëren',
  listTitle: 'Je tokens',
  none: 'Je hebt geen toegangstokens.',
  lastUsed: 'Laatst gebruikt {{time}}',
  neverUsed: 'Nooit gebruikt',
  created: 'Gemaakt {{time}}',
  revoke: 'Intrekken',
  revoked: 'Het token is ingetrokken: het werkt niet meer.',
  dies: 'Tokens werken niet meer als je je wachtwoord wijzigt of je account wordt gesloten.',
  toSettings: 'Accountinstellingen',
};
export default words;
