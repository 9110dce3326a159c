import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Åtkomsttoken',
  intro: 'Med en token kan dina egna skript och appar använda {{brand}} som du, utan ditt lösenord. Håll den hemlig: den som har den kan göra det den tillåter.',
  logInFirst: 'Logga in för att hantera dina åtkomsttoken.',
  name: 'Tokenens namn',
  scope: 'Åtkomst',
  scopeRead: 'Endast läsning',
  scopeWrite: 'Läsa och skriva (spara pins, skapa anslagstavlor)',
  create: 'Skapa token',
  newTitle: 'Din nya token',
  newIntro: 'Kopiera den nu: det här är enda gången vi visar den.',
  copied: 'Kopierad',
  copy: 'Kopiera',
  listTitle: 'Dina token',
  none: 'Du har inga åtkomsttoken.',
  lastUsed: 'Senast använd {{time}}',
  neverUsed: 'Aldrig använd',
  created: 'Skapad {{time}}',
  revoke: 'Återkalla',
  revoked: 'Token har återkallats: den fungerar inte längre.',
  dies: 'Token slutar fungera när du byter lösenord eller när ditt konto stängs.',
  toSettings: 'Kontoinställningar',
};
export default words;
