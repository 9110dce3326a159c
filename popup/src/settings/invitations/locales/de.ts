import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Personen einladen',
  intro: 'Dieses {{brand}} ist nur auf Einladung zugänglich. Lade jemanden per E-Mail ein: Die Person erhält einen Link, mit dem sie innerhalb von 14 Tagen ein Konto für diese Adresse erstellen kann.',
  notInvite: 'Dieses {{brand}} nimmt keine Einladungen an: Die Registrierung ist offen oder geschlossen.',
  logInFirst: 'Melde dich an, um Personen einzuladen.',
  email: 'E-Mail-Adresse der Person',
  send: 'Einladung senden',
  sent: 'Einladung an {{email}} gesendet.',
  toSettings: 'Kontoeinstellungen',
};
export default words;
