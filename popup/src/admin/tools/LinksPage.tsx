import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { noticeRow, offsiteHost } from '../../../../api/src/operators/contract';
import { OFFSITE_BLOCK_STATUSES } from '../../../../api/src/advertisers/rules/offsite';
import { getResource, postResource } from '../../api';
import { oneOf } from '../../choice';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Select } from '../../ui/Select';
import { TextArea, TextField } from '../../ui/TextField';
import { t } from '../messages';
import type { SectionProps } from '../sections';
import { errorText } from './errors';

type Host = z.infer<typeof offsiteHost>;
type Notice = z.infer<typeof noticeRow>;
const NOTICE_TARGETS = ['search', 'pin'] as const;

/**
 * Links & notices: the offsite check's block list (a host blocked, suspicious or porn, or cleared) and the
 * advisory notices on search terms and pins, each list searchable; every change asks why (the audit log keeps it).
 */
export function LinksPage(_props: SectionProps) {
  const [hosts, setHosts] = useState<Host[] | null>(null);
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({
    host: '',
    status: 'blocked',
    hostReason: '',
    target_type: 'search',
    target: '',
    severity: '1',
    title: '',
    description: '',
    noticeReason: '',
  });
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });

  const load = async (q = query) => {
    try {
      const [h, n] = await Promise.all([getResource('OperatorHostsResource', { query: q }), getResource('OperatorNoticesResource', { query: q })]);
      setHosts(h);
      setNotices(n);
    } catch (e) {
      setError(errorText(e));
    }
  };
  useEffect(() => {
    void load('');
  }, []);
  const run = async (change: () => Promise<unknown>) => {
    setError(null);
    try {
      await change();
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <h1>{t('links')}</h1>
      {error && (
        <p role="alert" class="notice error">
          {error}
        </p>
      )}
      <form
        class="admin-search"
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <TextField id="links-query" label={t('searchLists')} value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        <Button type="submit">{t('find')}</Button>
      </form>

      <h2>{t('blockList')}</h2>
      <form
        class="admin-search"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() =>
            postResource('OperatorHostsResource', 'create', { host: form.host, status: oneOf(OFFSITE_BLOCK_STATUSES, form.status), reason: form.hostReason }),
          );
        }}
      >
        <TextField id="host-name" label={t('host')} value={form.host} onInput={set('host')} />
        <Select
          id="host-status"
          label={t('hostStatus')}
          value={form.status}
          onChange={set('status')}
          options={['blocked', 'suspicious', 'porn'].map((s) => ({ value: s, label: s }))}
        />
        <TextField id="host-reason" label={t('reason')} value={form.hostReason} onInput={set('hostReason')} />
        <Button variant="primary" type="submit">
          {t('addHost')}
        </Button>
      </form>
      {hosts?.length === 0 && <EmptyState title={t('nothingListed')} />}
      {!!hosts?.length && (
        <table aria-label={t('blockList')}>
          <tbody>
            {hosts.map((h) => (
              <tr key={h.host}>
                <td>{h.host}</td>
                <td>{h.status}</td>
                <td>
                  <Button
                    onClick={() =>
                      form.hostReason.trim()
                        ? void run(() => postResource('OperatorHostsResource', 'delete', { host: h.host, reason: form.hostReason }))
                        : setError(t('reasonFirst'))
                    }
                  >
                    {t('clear')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('notices')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(() =>
            postResource('OperatorNoticesResource', 'create', {
              target_type: oneOf(NOTICE_TARGETS, form.target_type),
              target: form.target,
              severity: Number(form.severity),
              title: form.title,
              description: form.description,
              reason: form.noticeReason,
            }),
          );
        }}
      >
        <Select
          id="notice-type"
          label={t('noticeOn')}
          value={form.target_type}
          onChange={set('target_type')}
          options={[
            { value: 'search', label: t('searchTerm') },
            { value: 'pin', label: t('pinId') },
          ]}
        />
        <TextField id="notice-target" label={t('noticeTarget')} value={form.target} onInput={set('target')} />
        <Select
          id="notice-severity"
          label={t('severity')}
          value={form.severity}
          onChange={set('severity')}
          options={[
            { value: '0', label: t('severity0') },
            { value: '1', label: t('severity1') },
            { value: '2', label: t('severity2') },
          ]}
        />
        <TextField id="notice-title" label={t('noticeTitle')} value={form.title} onInput={set('title')} />
        <TextArea id="notice-description" label={t('noticeText')} value={form.description} onInput={set('description')} />
        <TextField id="notice-reason" label={t('reason')} value={form.noticeReason} onInput={set('noticeReason')} />
        <Button variant="primary" type="submit">
          {t('attachNotice')}
        </Button>
      </form>
      {notices?.length === 0 && <EmptyState title={t('nothingListed')} />}
      {!!notices?.length && (
        <table aria-label={t('notices')}>
          <tbody>
            {notices.map((n) => (
              <tr key={`${n.target_type}:${n.target}`}>
                <td>{n.target_type === 'search' ? t('searchTerm') : t('pinId')}</td>
                <td>{n.target}</td>
                <td>{n.title}</td>
                <td>{n.advisory_type}</td>
                <td>
                  <Button
                    onClick={() =>
                      form.noticeReason.trim()
                        ? void run(() =>
                            postResource('OperatorNoticesResource', 'delete', {
                              target_type: oneOf(NOTICE_TARGETS, n.target_type),
                              target: n.target,
                              reason: form.noticeReason,
                            }),
                          )
                        : setError(t('reasonFirst'))
                    }
                  >
                    {t('remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
