import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Bekräfta din e-postadress',
  confirmIntro: 'Bekräfta att den här e-postadressen är din. Till dess väntar inbjudningar till den på dig.',
  confirm: 'Bekräfta e-post',
  confirming: 'Bekräftar…',
  doneTitle: 'Din e-postadress är verifierad',
  doneBody: '{{email}} är bekräftad. Nu kan du tacka ja till inbjudningar som skickats dit.',
  expired: 'Länken har gått ut eller redan använts. Be om en ny i dina kontoinställningar.',
  claimed: 'Den här e-postadressen tillhör nu ett annat konto.',
  toSettings: 'Gå till kontoinställningar',
  sectionTitle: 'E-postadress',
  verified: '{{email}} är verifierad.',
  unverified: '{{email}} är inte verifierad än. Följ länken vi mejlade dig.',
  pending: 'Vi har mejlat en länk till {{email}}. Den blir ditt kontos e-postadress när du följer länken.',
  resend: 'Skicka e-post igen',
  sent: 'E-post skickat till {{email}}!',
  inviteWaits: 'Du är inbjuden till den här tavlan. Bekräfta din e-postadress för att se den och gå med.',
  undoTitle: 'Ångra e-poständringen',
  undoIntro: 'Gör den här adressen till kontots e-post igen och logga ut överallt. Återställ sedan ditt lösenord.',
  undo: 'Ångra ändringen',
  undone: '{{email}} är kontots e-post igen och alla sessioner är utloggade. Återställ ditt lösenord för att logga in.',
} satisfies AreaTranslation<typeof english>;
