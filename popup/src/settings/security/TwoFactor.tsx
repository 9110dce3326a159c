import { useState } from 'react';
import type { AnswerOf, OptionsOf } from '../../../../api/src/resources.contract';
import { t } from './messages';
import { failure, post, type SecurityStatus } from './client';
import { Done, Field, Problem } from './Field';
import { NO_PROOF, ProofField, proofOptions, type ProofValue } from './Proof';

type Setup = AnswerOf<'TwoFactorResource', 'create'>;

/**
 * Two-factor from the settings: off, it offers an authenticator app (QR code and key) or SMS
 * (a code texted to the phone being added); a code confirms it and the backup codes are shown once. On,
 * it says how codes come, lets this session pass it (for businesses), and turns it off with the password and a fresh code.
 */
export function TwoFactor({ status, reload }: { status: SecurityStatus; reload: () => Promise<void> }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [proof, setProof] = useState(NO_PROOF);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await work();
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };
  const start = (options: OptionsOf<'TwoFactorResource', 'create'>) => run(async () => setSetup(await post('TwoFactorResource', 'create', options)));
  const confirm = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      // The new factor's code sets it up; the password (the factor the account had before) proves it is the owner.
      const answer = await post('TwoFactorResource', 'update', { code, ...proofOptions(status, proof) });
      setBackupCodes(answer.backup_codes);
      setSetup(null);
      setCode('');
      setProof(NO_PROOF);
    });
  };

  if (backupCodes) {
    return (
      <section class="settings-section" aria-labelledby="backup-title">
        <h2 id="backup-title">{t('backupTitle')}</h2>
        <p>{t('backupIntro')}</p>
        <ul data-testid="backup-codes">
          {backupCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button type="button" class="primary" onClick={() => void reload().then(() => setBackupCodes(null))}>
          {t('backupDone')}
        </button>
      </section>
    );
  }

  const { mfa } = status;
  return (
    <section class="settings-section" aria-labelledby="mfa-title">
      <h2 id="mfa-title">{t('mfaTitle')}</h2>
      {mfa.method ? (
        <>
          <p>{mfa.method === 'sms' ? t('mfaOnSms', { end: mfa.phone_number_end ?? '' }) : t('mfaOnApp')}</p>
          <p class="muted">{t('backupLeft', { count: String(mfa.backup_codes_left) })}</p>
          {mfa.session_passed ? (
            <Done>{t('sessionPassed')}</Done>
          ) : (
            <form
              class="settings-password"
              onSubmit={(event) => {
                event.preventDefault();
                void run(async () => {
                  await post('SessionTwoFactorResource', 'create', { code });
                  setCode('');
                  await reload();
                });
              }}
            >
              <p>{t('sessionNotPassed')}</p>
              <Field label={t('codeOrBackup')} value={code} onValue={setCode} autoComplete="one-time-code" name="session-code" />
              <button type="submit" class="primary" disabled={busy}>
                {t('verifySession')}
              </button>
            </form>
          )}
          <TurnOff status={status} busy={busy} run={run} reload={async () => (await reload(), setDone(t('mfaTurnedOff')))} />
        </>
      ) : setup ? (
        <form class="settings-password" onSubmit={confirm}>
          {setup.method === 'totp' ? (
            <>
              <p>{t('scanQr')}</p>
              <img src={setup.qr_code} alt={t('qrAlt')} width={200} height={200} data-otpauth={setup.otpauth_uri} />
              <p>
                {t('orKey')} <code data-testid="totp-secret">{setup.secret}</code>
              </p>
            </>
          ) : (
            <p>{t('codeSentTo', { end: setup.phone_number_end ?? '' })}</p>
          )}
          <Field label={t('code')} value={code} onValue={setCode} inputMode="numeric" autoComplete="one-time-code" name="setup-code" />
          <ProofField status={status} value={proof} onValue={setProof} name="setup-password" passwordOnly />
          <div>
            <button type="submit" class="primary" disabled={busy}>
              {t('turnOn')}
            </button>
            <button type="button" class="secondary" onClick={() => (setSetup(null), setCode(''), setError(''))}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{t('mfaOffIntro')}</p>
          <div>
            <button type="button" class="primary" disabled={busy} onClick={() => void start({ method: 'totp' })}>
              {t('useApp')}
            </button>
          </div>
          <form
            class="settings-password"
            onSubmit={(event) => {
              event.preventDefault();
              void start({ method: 'sms', phone_number: phone });
            }}
          >
            <Field label={t('phone')} type="tel" value={phone} onValue={setPhone} inputMode="tel" autoComplete="tel" name="phone" />
            <button type="submit" class="secondary" disabled={busy}>
              {t('useSms')}
            </button>
          </form>
        </>
      )}
      <Problem text={error} />
      {done && <Done>{done}</Done>}
    </section>
  );
}

/** Turning two-factor off: the password and a fresh code (or a backup code); an SMS account can ask for one. */
function TurnOff({
  status,
  busy,
  run,
  reload,
}: {
  status: SecurityStatus;
  busy: boolean;
  run: (work: () => Promise<void>) => Promise<void>;
  reload: () => Promise<void>;
}) {
  const sms = status.mfa.method === 'sms';
  const [proof, setProof] = useState<ProofValue>(NO_PROOF);
  return (
    <form
      class="settings-password"
      aria-labelledby="mfa-off-title"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          // Turning two-factor off always takes a current code (this form shows only while it is on).
          await post('TwoFactorResource', 'delete', { ...proofOptions(status, proof), code: proof.code });
          setProof(NO_PROOF);
          await reload();
        });
      }}
    >
      <h3 id="mfa-off-title">{t('turnOffTitle')}</h3>
      <ProofField status={status} value={proof} onValue={setProof} name="off" />
      <div>
        {sms && (
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => void run(async () => void (await post('TwoFactorCodeResource', 'create', {})))}
          >
            {t('textMeCode')}
          </button>
        )}
        <button type="submit" class="secondary" disabled={busy}>
          {t('turnOff')}
        </button>
      </div>
    </form>
  );
}
