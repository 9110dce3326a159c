import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Confirme o seu endereço de e-mail',
  confirmIntro: 'Confirme que este endereço de e-mail é seu. Até lá, os convites enviados para ele esperam por você.',
  confirm: 'Confirmar e-mail',
  confirming: 'Confirmando…',
  doneTitle: 'Seu e-mail foi verificado',
  doneBody: '{{email}} foi confirmado. Você já pode aceitar os convites enviados para ele.',
  expired: 'Este link expirou ou já foi usado. Peça um novo nas configurações da sua conta.',
  claimed: 'Este endereço de e-mail agora pertence a outra conta.',
  toSettings: 'Ir para as configurações da conta',
  sectionTitle: 'Endereço de e-mail',
  verified: '{{email}} está verificado.',
  unverified: '{{email}} ainda não foi verificado. Siga o link que enviamos para você.',
  pending: 'Enviamos um link para {{email}}. Ele se tornará o e-mail da sua conta quando você o seguir.',
  resend: 'Reenviar e-mail',
  sent: 'E-mail enviado para {{email}}!',
  inviteWaits: 'Você foi convidado para esta pasta. Confirme seu endereço de e-mail para vê-la e participar.',
  undoTitle: 'Desfazer a alteração de e-mail',
  undoIntro: 'Torne este endereço novamente o e-mail da sua conta e saia de todas as sessões. Depois, redefina sua senha.',
  undo: 'Desfazer a alteração',
  undone: '{{email}} voltou a ser o e-mail da sua conta e todas as sessões foram encerradas. Redefina sua senha para entrar.',
} satisfies AreaTranslation<typeof english>;
