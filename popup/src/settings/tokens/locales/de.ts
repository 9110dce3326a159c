import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Zugriffstoken',
  intro: 'Mit einem Token können deine eigenen Skripte und Apps {{brand}} in deinem Namen nutzen, ohne dein Passwort. Halte es geheim: Wer es hat, kann alles tun, was es erlaubt.',
  logInFirst: 'Melde dich an, um deine Zugriffstoken zu verwalten.',
  name: 'Name des Tokens',
  scope: 'Zugriff',
  scopeRead: 'Nur lesen',
  scopeWrite: 'Lesen und schreiben (Pins merken, Pinnwände erstellen)',
  create: 'Token erstellen',
  newTitle: 'Dein neues Token',
  newIntro: 'Kopiere es jetzt: Nur dieses eine Mal zeigen wir es an.',
  copied: 'Kopiert',
  copy: 'Kopieren',
  listTitle: 'Deine Token',
  none: 'Du hast keine Zugriffstoken.',
  lastUsed: 'Zuletzt verwendet {{time}}',
  neverUsed: 'Nie verwendet',
  created: 'Erstellt {{time}}',
  revoke: 'Widerrufen',
  revoked: 'Das Token ist widerrufen und funktioniert nicht mehr.',
  dies: 'Token funktionieren nicht mehr, wenn du dein Passwort änderst oder dein Konto geschlossen wird.',
  toSettings: 'Kontoeinstellungen',
};
export default words;
