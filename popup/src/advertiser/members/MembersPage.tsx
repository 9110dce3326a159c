import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { getResource, postResource, ResourceError } from '../../api';
import { oneOf } from '../../choice';
import { fromEnglish, t as main } from '../../i18n';
import type { MembersAnswer } from '../../../../api/src/advertisers/members/contract';
import { MEMBER_ROLES, type MemberRole } from '../../../../api/src/advertisers/members/rules';
import { emailError } from '../../../../api/src/auth/rules';
import { t } from './messages';

type Members = MembersAnswer;
type Member = Members['members'][number];

/** The server's codes for members (api/src/lib/errors.contract.ts 334-340), in the reader's language. */
const ERRORS: Record<number, Parameters<typeof t>[0]> = {
  334: 'notMember',
  335: 'inviteInvalid',
  336: 'otherEmail',
  337: 'already',
  338: 'ownerOnly',
  339: 'needsMember',
  340: 'ownerStays',
};
export const memberProblem = (e: unknown) =>
  e instanceof ResourceError ? (ERRORS[e.code] ? t(ERRORS[e.code]!) : fromEnglish(e.message)) : main('server.generic');

const roleName = (role: MemberRole) => (role === 'OWNER' ? t('roleOwner') : t('roleAdmin'));
const nameOf = (m: { full_name: string; username: string }) => m.full_name || m.username;

/**
 * /advertiser/{id}/members/: who acts for the business. The owner (and a member with OWNER)
 * invites by email with a role, changes roles and removes members; the owner hands the business over.
 * What each may do is the server's (policy memberRule); the page shows only what the list says it may.
 */
export function MembersPage({ id }: { id: string }) {
  const [data, setData] = useState<Members | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('ADMIN');
  const [emailProblem, setEmailProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // Removing a member (or leaving) is asked again in a dialog that says what they lose.
  const [removing, setRemoving] = useState<Member | null>(null);

  const load = () =>
    getResource('AdvertiserMembersResource', { advertiser_id: id }).then(
      (d) => (setData(d), setError('')),
      (e: unknown) => setError(memberProblem(e)),
    );
  useEffect(() => void load(), [id]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError('');
    setStatus('');
    try {
      await work();
      setStatus(done);
      await load();
    } catch (e) {
      setError(memberProblem(e));
    } finally {
      setBusy(false);
    }
  };
  const invite = (event: Event) => {
    event.preventDefault();
    const typed = email.trim();
    if (emailError(typed)) return setEmailProblem(t('emailInvalid'));
    void run(
      async () => {
        await postResource('AdvertiserMemberInviteResource', 'create', { advertiser_id: id, email: typed, role });
        setEmail('');
      },
      t('invited', { email: typed }),
    );
  };

  if (!data)
    return error ? (
      <p class="error" role="alert">
        {error}
      </p>
    ) : (
      <p role="status">{main('common.loading')}</p>
    );
  const row = (m: Member) => (
    <li key={m.user_id} class="member">
      {m.image_medium_url ? <img src={m.image_medium_url} alt="" width={32} height={32} /> : null}
      <span class="member-name">
        {nameOf(m)} <span class="muted">@{m.username}</span> {m.is_me && <span class="muted">{t('you')}</span>}
      </span>
      {data.can_manage ? (
        <>
          <label class="visually-hidden" for={`role-${m.user_id}`}>
            {t('roleOf', { name: nameOf(m) })}
          </label>
          <select
            id={`role-${m.user_id}`}
            value={m.role}
            disabled={busy}
            onChange={(e) =>
              void run(
                () =>
                  postResource('AdvertiserMemberResource', 'update', {
                    advertiser_id: id,
                    user_id: m.user_id,
                    role: oneOf(MEMBER_ROLES, e.currentTarget.value),
                  }),
                t('roleChanged', { name: nameOf(m) }),
              )
            }
          >
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </>
      ) : (
        <span>{roleName(m.role)}</span>
      )}
      {(data.can_manage || m.is_me) && (
        <button type="button" class="secondary" disabled={busy} onClick={() => setRemoving(m)}>
          {m.is_me ? t('leave') : t('removeName', { name: nameOf(m) })}
        </button>
      )}
      {data.is_owner && (
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() =>
            void run(() => postResource('AdvertiserOwnerResource', 'update', { advertiser_id: id, user_id: m.user_id }), t('transferred', { name: nameOf(m) }))
          }
        >
          {t('makeOwner', { name: nameOf(m) })}
        </button>
      )}
    </li>
  );
  const remove = (m: Member) =>
    void run(() => postResource('AdvertiserMemberResource', 'delete', { advertiser_id: id, user_id: m.user_id }), t('removed', { name: nameOf(m) })).finally(
      () => setRemoving(null),
    );
  return (
    <section class="members" aria-labelledby="members-title">
      {removing && (
        <ConfirmDialog
          title={removing.is_me ? t('leave') : t('removeName', { name: nameOf(removing) })}
          confirm={removing.is_me ? t('leave') : t('removeName', { name: nameOf(removing) })}
          busy={busy}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{removing.is_me ? t('leaveWarning') : t('removeWarning', { name: nameOf(removing) })}</p>
        </ConfirmDialog>
      )}
      <h1 id="members-title">{t('title')}</h1>
      {data.owner && <p>{t('ownerIs', { name: nameOf(data.owner) })}</p>}
      {data.members.length ? <ul class="member-list">{data.members.map(row)}</ul> : <p class="muted">{t('noMembers')}</p>}
      {data.invites.length > 0 && (
        <>
          <h2>{t('pending')}</h2>
          <ul class="member-list">
            {data.invites.map((i) => (
              <li key={i.email}>
                {i.email} · {roleName(i.role)}{' '}
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => postResource('AdvertiserMemberInviteResource', 'delete', { advertiser_id: id, email: i.email }),
                      t('inviteCancelled', { email: i.email }),
                    )
                  }
                >
                  {t('cancelInvite', { email: i.email })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.can_manage && (
        <form class="ads-form" onSubmit={invite} noValidate>
          <h2>{t('invite')}</h2>
          <label for="member-email">{t('email')}</label>
          <input
            id="member-email"
            type="email"
            value={email}
            autoComplete="off"
            aria-invalid={emailProblem ? true : undefined}
            aria-describedby={emailProblem ? 'member-email-error' : undefined}
            onInput={(e) => (setEmail(e.currentTarget.value), setEmailProblem(''))}
          />
          {emailProblem && (
            <p class="error" id="member-email-error" role="alert">
              {emailProblem}
            </p>
          )}
          <label for="member-role">{t('role')}</label>
          <select id="member-role" value={role} onChange={(e) => setRole(e.currentTarget.value as MemberRole)}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
          <p class="muted">{t('rolesHint')}</p>
          <button type="submit" class="primary" disabled={busy}>
            {t('send')}
          </button>
        </form>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
    </section>
  );
}

/**
 * /advertiser/invite/?token=… (the invite mail's link): a visitor logs in first and comes back; the
 * invited account accepts with one button and goes to the business.
 */
export function AcceptInvite({ search }: { search: string }) {
  const token = new URLSearchParams(search).get('token') ?? '';
  const [done, setDone] = useState<{ advertiser_id: string; name: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    setError('');
    try {
      setDone(await postResource('AdvertiserMemberInviteAcceptResource', 'create', { token }));
    } catch (e) {
      if (e instanceof ResourceError && e.body.http_status === 401)
        return location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      setError(memberProblem(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="page ads">
      <h1>{t('acceptTitle')}</h1>
      {done ? (
        <>
          <p role="status">{t('accepted', { name: done.name })}</p>
          <p>
            <a href={`/advertiser/${done.advertiser_id}/`}>{t('toBusiness')}</a>
          </p>
        </>
      ) : (
        <>
          <p>{t('acceptIntro')}</p>
          <button type="button" class="primary" disabled={busy || !token} onClick={() => void accept()}>
            {t('accept')}
          </button>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </main>
  );
}
