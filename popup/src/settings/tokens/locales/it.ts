import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Token di accesso',
  intro: 'Un token permette ai tuoi script e alle tue app di usare {{brand}} a tuo nome, senza la tua password. Tienilo segreto: chiunque lo possieda può fare ciò che consente.',
  logInFirst: 'Accedi per gestire i tuoi token di accesso.',
  name: 'Nome del token',
  scope: 'Accesso',
  scopeRead: 'Sola lettura',
  scopeWrite: 'Lettura e scrittura (salvare Pin, creare bacheche)',
  create: 'Crea token',
  newTitle: 'Il tuo nuovo token',
  newIntro: "Copialo ora: è l'unica volta che lo mostriamo.",
  copied: 'Copiato',
  copy: 'Copia',
  listTitle: 'I tuoi token',
  none: 'Non hai token di accesso.',
  lastUsed: 'Ultimo utilizzo {{time}}',
  neverUsed: 'Mai utilizzato',
  created: 'Creato {{time}}',
  revoke: 'Revoca',
  revoked: 'Il token è stato revocato: non funziona più.',
  dies: 'I token smettono di funzionare quando cambi la password o il tuo account viene chiuso.',
  toSettings: 'Impostazioni account',
};
export default words;
