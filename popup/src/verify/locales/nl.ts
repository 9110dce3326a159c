import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Bevestig je e-mailadres',
  confirmIntro: 'Bevestig dat dit e-mailadres van jou is. Tot dan wachten uitnodigingen aan dit adres op je.',
  confirm: 'E-mail bevestigen',
  confirming: 'Bezig met bevestigen…',
  doneTitle: 'Je e-mailadres is bevestigd',
  doneBody: '{{email}} is bevestigd. Uitnodigingen aan dit adres kun je nu accepteren.',
  expired: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe aan in je accountinstellingen.',
  claimed: 'Dit e-mailadres hoort nu bij een ander account.',
  toSettings: 'Naar accountinstellingen',
  sectionTitle: 'E-mailadres',
  verified: '{{email}} is bevestigd.',
  unverified: '{{email}} is nog niet bevestigd. Volg de link die we je hebben gemaild.',
  pending: 'We hebben een link naar {{email}} gestuurd. Zodra je die volgt, wordt het het e-mailadres van je account.',
  resend: 'E-mail opnieuw sturen',
  sent: 'E-mail verstuurd naar {{email}}!',
  inviteWaits: 'Je bent uitgenodigd voor dit bord. Bevestig je e-mailadres om het te zien en mee te doen.',
  undoTitle: 'E-mailwijziging ongedaan maken',
  undoIntro: 'Maak dit adres weer het e-mailadres van je account en log overal uit. Stel daarna je wachtwoord opnieuw in.',
  undo: 'Wijziging ongedaan maken',
  undone: '{{email}} is weer het e-mailadres van je account en alle sessies zijn uitgelogd. Stel je wachtwoord opnieuw in om in te loggen.',
} satisfies AreaTranslation<typeof english>;
