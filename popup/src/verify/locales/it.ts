import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Conferma il tuo indirizzo email',
  confirmIntro: 'Conferma che questo indirizzo email è tuo. Fino ad allora, gli inviti inviati a questo indirizzo ti aspettano.',
  confirm: 'Conferma email',
  confirming: 'Conferma in corso…',
  doneTitle: 'La tua email è verificata',
  doneBody: '{{email}} è confermato. Ora puoi accettare gli inviti inviati a questo indirizzo.',
  expired: 'Questo link è scaduto o è già stato usato. Chiedine uno nuovo nelle impostazioni dell’account.',
  claimed: 'Questo indirizzo email ora appartiene a un altro account.',
  toSettings: 'Vai alle impostazioni dell’account',
  sectionTitle: 'Indirizzo email',
  verified: '{{email}} è verificato.',
  unverified: '{{email}} non è ancora verificato. Segui il link che ti abbiamo inviato.',
  pending: 'Abbiamo inviato un link a {{email}}. Diventerà l’email del tuo account quando lo seguirai.',
  resend: 'Invia di nuovo l’email',
  sent: 'Email inviata a {{email}}!',
  inviteWaits: 'Sei invitato a questa bacheca. Conferma il tuo indirizzo email per vederla e partecipare.',
  undoTitle: 'Annulla la modifica dell’email',
  undoIntro: 'Rendi di nuovo questo indirizzo l’email del tuo account ed esci ovunque. Poi reimposta la password.',
  undo: 'Annulla la modifica',
  undone: '{{email}} è di nuovo l’email del tuo account e tutte le sessioni sono state chiuse. Reimposta la password per accedere.',
} satisfies AreaTranslation<typeof english>;
