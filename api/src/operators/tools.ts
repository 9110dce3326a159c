import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import type { Mailer } from '../lib/mail.js';
import { noticesService, normaliseTerm } from '../advertisers/notices/service.js';
import { offsiteService } from '../advertisers/offsite/service.js';
import type { Severity } from '../advertisers/rules/notices.js';
import { advertisersService } from '../advertisers/service.js';
import { invitationSender } from '../auth/signup-mode.js';
import { type Actor, auditLog } from './audit.js';

/** How many rows a console list shows: a search narrows it, it is no way to dump a table. */
export const TOOLS_LIST_LIMIT = 50;

const likeEscaped = (text: string) =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export interface NoticeInput {
  targetType: 'search' | 'pin';
  target: string;
  severity: Severity;
  title: string;
  description: string;
  linkText?: string | undefined;
  link?: string | undefined;
  actionText?: string | undefined;
  actionLink?: string | undefined;
}

/**
 * The operators' tools beside people: the offsite check's block list, advisory notices, a business's quick
 * promote reading and merchant verification, and sign-up invitations. The console and `npm run admin` both
 * call these, so both change the same things through the advertiser and auth capabilities' own services, and
 * each change is written with its audit row in one transaction (the services are handed the transaction).
 */
export function operatorTools(deps: Deps) {
  const { db, clock } = deps;
  /** The change and its record together: there is no change without its record. */
  const audited = <T>(
    actor: Actor,
    what: { action: string; subjectKind: string; subjectId: string; reason: string | null; detail?: Record<string, unknown> | null },
    change: (d: Deps) => Promise<T>,
  ) =>
    db.transaction().execute(async (trx) => {
      const result = await change({ ...deps, db: trx });
      await auditLog(trx, clock).record(actor, what);
      return result;
    });

  return {
    hosts: {
      list: (query: string) => {
        let q = db.selectFrom('offsite_hosts').select(['host', 'status', 'created_at']);
        if (query.trim()) q = q.where(sql`lower(host)`, 'like', sql`${likeEscaped(query)} escape '\\'`);
        return q.orderBy('host').limit(TOOLS_LIST_LIMIT).execute();
      },
      set: (actor: Actor, host: string, status: string, reason: string | null) =>
        audited(actor, { action: 'offsite.set', subjectKind: 'host', subjectId: host.toLowerCase(), reason, detail: { status } }, (d) =>
          offsiteService(d).setHost(host, status),
        ),
      clear: (actor: Actor, host: string, reason: string | null) =>
        audited(actor, { action: 'offsite.clear', subjectKind: 'host', subjectId: host.toLowerCase(), reason }, async (d) => {
          const gone = await offsiteService(d).clearHost(host);
          if (Number(gone.numDeletedRows) === 0) throw new ApiError('not_found', 'That host is not on the block list.');
        }),
    },

    notices: {
      list: (query: string) => {
        let q = db.selectFrom('advisories').select(['target_type', 'target', 'severity', 'advisory_type', 'notice', 'created_at']);
        if (query.trim()) q = q.where(sql`lower(target)`, 'like', sql`${likeEscaped(query)} escape '\\'`);
        return q.orderBy('created_at', 'desc').limit(TOOLS_LIST_LIMIT).execute();
      },
      attach: (actor: Actor, input: NoticeInput, reason: string | null) => {
        const target = input.targetType === 'search' ? normaliseTerm(input.target) : input.target;
        return audited(
          actor,
          { action: 'notice.attach', subjectKind: input.targetType, subjectId: target, reason, detail: { severity: input.severity, title: input.title } },
          (d) => noticesService(d).attach(input),
        );
      },
      remove: (actor: Actor, targetType: 'search' | 'pin', target: string, reason: string | null) => {
        const key = targetType === 'search' ? normaliseTerm(target) : target;
        return audited(actor, { action: 'notice.remove', subjectKind: targetType, subjectId: key, reason }, async (d) => {
          const gone = await noticesService(d).remove(targetType, target);
          if (Number(gone.numDeletedRows) === 0) throw new ApiError('not_found', 'There is no notice there.');
        });
      },
    },

    businesses: {
      /** Businesses whose name, id or owner's email holds the words typed. */
      list: (query: string) => {
        let q = db
          .selectFrom('advertisers')
          .innerJoin('users', 'users.id', 'advertisers.owner_user_id')
          .select([
            'advertisers.id',
            'advertisers.name',
            'advertisers.country',
            'advertisers.website_url',
            'advertisers.quick_promote_steps',
            'advertisers.merchant_id',
            'users.email as owner_email',
          ]);
        if (query.trim()) {
          const pattern = likeEscaped(query);
          q = q.where((eb) =>
            eb.or([
              eb(sql`lower(advertisers.name)`, 'like', sql`${pattern} escape '\\'`),
              eb('advertisers.id', '=', query.trim()),
              eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
            ]),
          );
        }
        return q.orderBy('advertisers.name').limit(TOOLS_LIST_LIMIT).execute();
      },
      setSteps: (actor: Actor, advertiserId: string, steps: 'short' | 'full' | null, reason: string | null) =>
        audited(actor, { action: 'business.quick_promote_steps', subjectKind: 'advertiser', subjectId: advertiserId, reason, detail: { steps } }, async (d) => {
          const found = await d.db.selectFrom('advertisers').select('quick_promote_steps').where('id', '=', advertiserId).executeTakeFirst();
          if (!found) throw new ApiError('advertiser_not_found');
          await advertisersService(d).setQuickPromoteSteps(advertiserId, steps);
        }),
      verifyMerchant: (actor: Actor, advertiserId: string, reason: string | null) =>
        audited(actor, { action: 'business.merchant_verify', subjectKind: 'advertiser', subjectId: advertiserId, reason }, (d) =>
          advertisersService(d).verifyMerchantByOperator(advertiserId),
        ),
    },

    invitations: {
      list: () =>
        db
          .selectFrom('signup_invitations')
          .select(['id', 'email', 'invited_by', 'created_at', 'expires_at', 'used_at'])
          .orderBy('created_at', 'desc')
          .limit(TOOLS_LIST_LIMIT)
          .execute(),
      /**
       * An invitation in the operators' name. Its record is committed first, then it is mailed: a mail cannot be
       * taken back, so a failure leaves a record of an attempt, never an invitation no one recorded.
       */
      async invite(actor: Actor, mailer: Mailer, email: string, reason: string | null) {
        if (deps.config.signupMode !== 'invite') throw new ApiError('invitations_off');
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) throw new ApiError('email_invalid');
        await audited(actor, { action: 'invitation.send', subjectKind: 'email', subjectId: email.trim().toLowerCase(), reason }, async () => undefined);
        return invitationSender(deps, mailer).invite(null, email, undefined);
      },
    },
  };
}

export type OperatorTools = ReturnType<typeof operatorTools>;
