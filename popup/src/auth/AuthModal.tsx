import { t } from '../i18n';
import { Loading } from '../i18n/lazy';
import type { RecoveryDialogType } from '../../../api/src/auth/rules/recovery';
import { showsFormAtOnce } from './containers';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';
import { Toast } from './Toast';
import { Welcome } from './Welcome';
import { dismissOneTap, ssoInfo } from './social';
import { EntryOptions, RecognisedView, SocialButtons } from './SocialViews';
import { SOCIAL_VIEWS, countryFromBrowser, type AuthModalProps, type SocialState } from './modal';
import { useAuthFlow } from './modalFlow';
import * as act from './modalState';
import { ModalFooter, ModalHeader, useToggleFocus } from './ModalFrame';
import { Consents, MfaForm, RecoveryDialog, SocialStepViews, UnderageConfirmation, useContainerCopy } from './modalSteps';

export type { AuthModalProps, AuthView } from './modal';

/**
 * The sign-up / log-in modal: views signup, login, consents, UnderageConfirmation and the
 * Welcome loading screen, with the container's title, subtitle and picture, the footer toggles,
 * the business prompt and the terms footer. Its flow is `authReducer` (modalState.ts), driven by the
 * server calls of `useAuthFlow` (modalFlow.ts); this draws it.
 */
export function AuthModal(props: AuthModalProps) {
  const { container } = props;
  const now = props.now ?? (() => Date.now());
  const flow = useAuthFlow(props);
  const { state, dispatch, showToast, openRecovery, onSocialPress, recoverFacebookAccount, loginHandlers } = flow;
  const { view, fields, experiments, providers, social, busy, googleTooltip, recovery, mfa } = state;
  const show = (next: typeof view) => dispatch(act.show(next));
  const setFields = (update: Partial<typeof fields>) => dispatch(act.setFields(update));
  const copy = useContainerCopy(container, props);
  const header = view === 'signup' || view === 'login';
  const [modal, toggleTo] = useToggleFocus(view, show);

  return (
    <section class="auth-modal" aria-labelledby="auth-title" ref={modal}>
      {header && (
        <ModalHeader
          {...props}
          title={view === 'login' ? copy.loginTitle : state.welcomeBack ? t('auth.welcomeBack') : copy.signupTitle}
          subtitle={copy.subtitle}
        />
      )}

      {view === 'signup' && (
        <SignupForm
          fields={fields}
          setFields={setFields}
          errors={state.signupErrors}
          setErrors={(errors) => dispatch(act.setSignupErrors(errors))}
          formAtOnce={showsFormAtOnce(container)}
          minLength={state.rules?.min_length ?? 6}
          now={now}
          onExisting={(tryPassword) => void flow.onExisting(tryPassword)}
          onValid={() => (experiments.kr_privacy_consent ? show('consents') : void flow.doRegister())}
          onUnderage={() => show('underage')}
          onToast={showToast}
          onSsoCheck={async (email) => {
            if (!providers.sso.configured || !(await ssoInfo(email)).is_sso) return false;
            void onSocialPress('sso', email);
            return true;
          }}
        />
      )}
      {view === 'personalized' && props.recognised && (
        <RecognisedView recognised={props.recognised} providers={providers} onPress={(provider) => void onSocialPress(provider)} googleTooltip={googleTooltip}>
          <LoginForm email={fields.email} setEmail={(email) => setFields({ email })} emailFixed {...loginHandlers} />
        </RecognisedView>
      )}
      {view === 'login' && (
        <LoginForm
          email={fields.email}
          setEmail={(email) => setFields({ email })}
          initialErrors={state.loginCarry}
          initialPassword={state.fromSignup ? fields.password : undefined}
          focusPassword={state.fromSignup}
          {...loginHandlers}
        />
      )}
      {view === 'loginMfa' && mfa && (
        <>
          <h1 id="auth-title" class="visually-hidden">
            {t('auth.twoFactor')}
          </h1>
          <Loading>
            <MfaForm
              mfa={mfa}
              next={props.next}
              onLoggedIn={loginHandlers.onLoggedIn}
              onRecovery={(type: RecoveryDialogType, reason?: string) => openRecovery(type, mfa.email, reason)}
              onToast={showToast}
            />
          </Loading>
        </>
      )}
      {view === 'recovery' && recovery && (
        <Loading>
          <RecoveryDialog
            type={recovery.type}
            email={recovery.email}
            reason={recovery.reason}
            onClose={() => dispatch(act.closeRecovery)}
            onToast={showToast}
            socialOptions={
              <SocialButtons
                // Behind the Facebook recovery flag, Facebook no longer logs anyone in.
                providers={
                  experiments.dweb_unauth_fb_login_account_recovery_flow ? { ...providers, facebook: { configured: false, disabled: false } } : providers
                }
                country={countryFromBrowser()}
                onPress={(provider) => void onSocialPress(provider)}
                googleTooltip={googleTooltip}
              />
            }
          />
        </Loading>
      )}
      {view === 'consents' && (
        <Loading>
          <Consents
            busy={busy}
            onBack={() => show('signup')}
            onNext={(optOut: boolean) =>
              void (social ? flow.doSocialRegister(social, { marketingNotifsOptOut: optOut }) : flow.doRegister({ marketingNotifsOptOut: optOut }))
            }
          />
        </Loading>
      )}
      {(view === 'signup' || view === 'login') && (
        <EntryOptions
          view={view}
          providers={providers}
          oneTap={!state.oneTapOff && !props.switchAccount}
          facebookData={state.facebookData}
          pendingLink={state.pendingLink}
          googleTooltip={googleTooltip}
          // Behind dweb_unauth_fb_login_account_recovery_flow, sign-up offers email or Google only.
          noFacebookSignup={view === 'signup' && experiments.dweb_unauth_fb_login_account_recovery_flow === true}
          onPress={(provider, oneTap) => void onSocialPress(provider, undefined, oneTap)}
          onOneTapDismiss={() => {
            dismissOneTap();
            dispatch(act.oneTapOff);
          }}
          onRecoverFacebook={(email) => void recoverFacebookAccount(email)}
        />
      )}
      {SOCIAL_VIEWS.has(view) && (
        <Loading>
          <SocialStepViews
            view={view}
            social={social}
            busy={busy}
            now={now}
            existingEmail={state.existingEmail}
            unavailable={state.unavailable}
            onNext={flow.socialNext}
            onFailed={(failed: SocialState) => dispatch(act.setSocial(failed))}
            onNotNow={() => dispatch(act.socialNotNow)}
            onExists={(email: string) => dispatch(act.emailExists(email))}
            onLogIn={(email: string) => dispatch(act.toLogin(email))}
            onBack={() => show('signup')}
          />
        </Loading>
      )}
      {view === 'underage' && (
        <Loading>
          <UnderageConfirmation onEdit={() => show('signup')} goHome={props.goHome ?? (() => location.assign('/'))} />
        </Loading>
      )}
      {view === 'welcome' && <Welcome />}

      <ModalFooter
        view={view}
        header={header}
        business={props.business}
        next={props.next}
        florida={experiments.fdbr_teen_compliance === true}
        onToggle={toggleTo}
        onNotYou={() => void flow.notYou()}
      />
      {state.toast && <Toast message={state.toast.message} duration={state.toast.duration} onDone={() => dispatch(act.toastDone)} />}
    </section>
  );
}
