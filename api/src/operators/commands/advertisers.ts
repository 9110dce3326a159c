import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { newId } from '../../lib/ids.js';
import { operatorTools } from '../tools.js';
import { COUNTRIES } from '../../advertisers/rules/countries.js';
import { OFFSITE_BLOCK_STATUSES } from '../../advertisers/rules/offsite.js';
import { advertisersStore } from '../../advertisers/store.js';

export const ADVERTISER_USAGE = `Advertiser commands (npm run admin -- <command> …):
  advertiser-create <owner email> <business name> [country] [website]   make a business; the owner becomes a partner
  advertiser-member <advertiser id> <email> [PERMISSION,…]               add or update a member (default ADMIN)
  offsite-host <host> <${OFFSITE_BLOCK_STATUSES.join('|')}|clear>                 the offsite check's block list
  notice <search|pin> <term or pin id> <0|1|2> <title> <description> [link text] [link] [action text] [action link]
                                                                          attach an advisory notice (severity 0 abusive, 1 sensitive, 2 brand unsafe)
  notice-clear <search|pin> <term or pin id>
  advertiser-steps <advertiser id> <short|full|default>                 quick promote's reading for one advertiser (default: QUICK_PROMOTE_STEPS)
  merchant-verify <advertiser id>                                        give the business its merchant id without the website check`;

/** The command line as the audit log names it. */
const CLI = { via: 'cli' } as const;

const email = z.string().trim().toLowerCase().email('Give an account email.');
const country = z
  .string()
  .toUpperCase()
  .refine((c) => Object.hasOwn(COUNTRIES, c), `Country must be one of ${Object.keys(COUNTRIES).join(', ')}.`);
const link = z.string().regex(/^(https?:\/\/|\/)/, 'Links are http(s) URLs or paths.');
const commands = {
  'advertiser-create': z.tuple([email, z.string().trim().min(1).max(100), country.optional(), z.string().url().optional()]),
  'advertiser-member': z.tuple([
    z.string().regex(/^\d{1,20}$/, 'Give an advertiser id.'),
    email,
    z
      .string()
      .regex(/^[A-Z_]+(,[A-Z_]+)*$/, 'Permissions are upper-case names, comma separated.')
      .optional(),
  ]),
  'offsite-host': z.tuple([
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'Give a host name.'),
    z.enum([...OFFSITE_BLOCK_STATUSES, 'clear']),
  ]),
  notice: z.tuple([
    z.enum(['search', 'pin']),
    z.string().trim().min(1).max(200),
    z.enum(['0', '1', '2']),
    z.string().min(1).max(200),
    z.string().min(1).max(1000),
    z.string().optional(),
    link.optional(),
    z.string().optional(),
    link.optional(),
  ]),
  'notice-clear': z.tuple([z.enum(['search', 'pin']), z.string().trim().min(1).max(200)]),
  'advertiser-steps': z.tuple([z.string().regex(/^\d{1,20}$/, 'Give an advertiser id.'), z.enum(['short', 'full', 'default'])]),
  'merchant-verify': z.tuple([z.string().regex(/^\d{1,20}$/, 'Give an advertiser id.')]),
};

/** The advertiser area's operator commands; null when the command is not one of them. */
export async function runAdvertiserAdmin(deps: Deps, argv: string[]): Promise<string | null> {
  const [name, ...rest] = argv;
  if (!name || !Object.hasOwn(commands, name)) return null;
  const parsed = commands[name as keyof typeof commands].safeParse(rest);
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((i) => i.message).join('; ')}\n\n${ADVERTISER_USAGE}`);
  const store = advertisersStore(deps.db);
  const userId = async (address: string) => {
    const row = await deps.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
    if (!row) throw new Error(`No account with the email ${address}.`);
    return row.id;
  };
  switch (name) {
    case 'advertiser-create': {
      const [address, businessName, code, website] = parsed.data as z.infer<(typeof commands)['advertiser-create']>;
      const owner = await userId(address);
      const id = newId();
      await deps.db.transaction().execute(async (trx) => {
        await advertisersStore(trx).insert({
          id,
          owner_user_id: owner,
          name: businessName,
          country: code ?? 'US',
          website_url: website ?? null,
          created_at: deps.clock.now(),
        });
        await advertisersStore(trx).markPartner(owner);
      });
      return `created advertiser ${id} (${businessName}) owned by ${address}`;
    }
    case 'advertiser-member': {
      const [advertiserId, address, permissions] = parsed.data as z.infer<(typeof commands)['advertiser-member']>;
      if (!(await store.find(advertiserId))) throw new Error(`No advertiser ${advertiserId}.`);
      const list = (permissions ?? 'ADMIN').split(',');
      await store.addMember(advertiserId, await userId(address), list);
      return `${address} acts for ${advertiserId} with ${list.join(', ')}`;
    }
    // The commands an operator also has in the console go through the same tools, and so write the same audit log.
    case 'offsite-host': {
      const [host, status] = parsed.data as z.infer<(typeof commands)['offsite-host']>;
      if (status === 'clear') {
        await operatorTools(deps).hosts.clear(CLI, host, null);
        return `${host} is off the block list`;
      }
      await operatorTools(deps).hosts.set(CLI, host, status, null);
      return `${host} is now ${status}`;
    }
    case 'notice': {
      const [targetType, target, severity, title, description, linkText, href, actionText, actionLink] = parsed.data as z.infer<(typeof commands)['notice']>;
      await operatorTools(deps).notices.attach(
        CLI,
        { targetType, target, severity: Number(severity) as 0 | 1 | 2, title, description, linkText, link: href, actionText, actionLink },
        null,
      );
      return `notice attached to ${targetType} ${target}`;
    }
    case 'notice-clear': {
      const [targetType, target] = parsed.data as z.infer<(typeof commands)['notice-clear']>;
      await operatorTools(deps).notices.remove(CLI, targetType, target, null);
      return `notice removed from ${targetType} ${target}`;
    }
    case 'advertiser-steps': {
      const [advertiserId, steps] = parsed.data as z.infer<(typeof commands)['advertiser-steps']>;
      if (!(await store.find(advertiserId))) throw new Error(`No advertiser ${advertiserId}.`);
      await operatorTools(deps).businesses.setSteps(CLI, advertiserId, steps === 'default' ? null : steps, null);
      return `quick promote for ${advertiserId} uses the ${steps} reading`;
    }
    case 'merchant-verify': {
      const [advertiserId] = parsed.data as z.infer<(typeof commands)['merchant-verify']>;
      if (!(await store.find(advertiserId))) throw new Error(`No advertiser ${advertiserId}.`);
      return `advertiser ${advertiserId} is merchant ${await operatorTools(deps).businesses.verifyMerchant(CLI, advertiserId, null)}`;
    }
  }
  return null;
}
