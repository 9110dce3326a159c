import type { Deps } from '../../deps.js';
import { newId } from '../../lib/ids.js';
import { LINK_TAG, SEVERITIES, styleFor, type Notice, type Severity } from '../rules/notices.js';
import { noticesStore } from './store.js';

/** A search term is matched as typed, trimmed, lower-case and with single spaces. */
export const normaliseTerm = (term: string) => term.trim().toLowerCase().replace(/\s+/g, ' ');

/** Advisory and sensitivity notices on a search term or a pin. */
export function noticesService(deps: Deps) {
  const store = noticesStore(deps.db);
  return {
    async find(targetType: 'search' | 'pin', target: string) {
      const row = await store.find(targetType, targetType === 'search' ? normaliseTerm(target) : target);
      if (!row) return null;
      return {
        advisory: true,
        severity: row.severity as Severity,
        advisory_type: row.advisory_type,
        advisory_details: SEVERITIES[row.severity as Severity],
        resource_country: row.resource_country,
        notice: JSON.parse(row.notice) as Notice,
      };
    },
    /** The operator's command: title, description, and optionally one linked phrase of it and one action. */
    async attach(input: {
      targetType: 'search' | 'pin';
      target: string;
      severity: Severity;
      title: string;
      description: string;
      linkText?: string;
      link?: string;
      actionText?: string;
      actionLink?: string;
      country?: string;
    }) {
      const at = input.linkText ? input.description.indexOf(input.linkText) : -1;
      const notice: Notice = {
        style: styleFor(input.severity),
        title: input.title,
        description: {
          text: input.description,
          textTags: at >= 0 && input.link ? [{ tagType: LINK_TAG, offset: at, length: input.linkText!.length, link: input.link }] : [],
        },
        actions: input.actionText && input.actionLink ? [{ text: input.actionText, link: input.actionLink }] : [],
      };
      await store.save({
        id: newId(),
        target_type: input.targetType,
        target: input.targetType === 'search' ? normaliseTerm(input.target) : input.target,
        severity: input.severity,
        advisory_type: SEVERITIES[input.severity],
        resource_country: input.country ?? null,
        notice: JSON.stringify(notice),
        created_at: deps.clock.now(),
      });
      return notice;
    },
    remove: (targetType: 'search' | 'pin', target: string) => store.remove(targetType, targetType === 'search' ? normaliseTerm(target) : target),
  };
}
