import { useEffect, useState } from 'react';
import { wordsReady } from '../i18n';
import { lazyWithWords } from '../i18n/lazy';
import { containerCopy, type Container, type ContainerContext, type ContainerCopy } from './containers';

/**
 * The account's dialogs and steps that are not on a save's way (two-factor, recovery, consents, the
 * underage step, a provider sign-up's steps) come in a lazy chunk with their words, so the
 * save popup's bytes do not pay for them.
 */
export const MfaForm = lazyWithWords(
  () => import('./MfaForm'),
  (m) => m.MfaForm,
);
export const RecoveryDialog = lazyWithWords(
  () => import('./RecoveryDialog'),
  (m) => m.RecoveryDialog,
);
export const Consents = lazyWithWords(
  () => import('./Consents'),
  (m) => m.Consents,
);
export const UnderageConfirmation = lazyWithWords(
  () => import('./UnderageConfirmation'),
  (m) => m.UnderageConfirmation,
);
export const SocialStepViews = lazyWithWords(
  () => import('./SocialStepViews'),
  (m) => m.SocialStepViews,
);

/** The copy of a container that is not on a save's way (accountCopy.ts), once its chunk and words have come. */
export function useContainerCopy(container: Container, context: ContainerContext): ContainerCopy {
  const own = containerCopy(container);
  const [account, setAccount] = useState<typeof import('./accountCopy') | null>(null);
  useEffect(() => {
    if (own || account) return;
    void import('./accountCopy').then(async (m) => {
      await wordsReady();
      setAccount(m);
    });
  }, [container]);
  return own ?? account?.accountCopy(container, context) ?? { signupTitle: '', loginTitle: '', subtitle: '' };
}
