import { useState } from 'react';
import type { z } from 'zod';
import type { business } from '../../../../api/src/operators/contract';
import type { OptionsOf } from '../../../../api/src/resources.contract';
import { getResource, postResource } from '../../api';
import { oneOf } from '../../choice';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { t } from '../messages';
import type { SectionProps } from '../sections';
import { errorText } from './errors';

type Business = z.infer<typeof business>;

/**
 * Businesses: find one by name, id or owner's email; set which reading of quick promote it gets, or give
 * it its merchant id without the website check. Each change asks why (the audit log keeps it).
 */
export function BusinessesPage(_props: SectionProps) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Business[] | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const search = async () => {
    setError(null);
    try {
      setFound(await getResource('OperatorBusinessesResource', { query }));
    } catch (e) {
      setError(errorText(e));
    }
  };
  const act = async (options: OptionsOf<'OperatorBusinessesResource', 'update'>, label: string) => {
    setError(null);
    setDone(null);
    try {
      const next = await postResource('OperatorBusinessesResource', 'update', options);
      setFound((list) => list?.map((b) => (b.id === next.id ? next : b)) ?? null);
      setDone(t('done', { action: label, who: next.name }));
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <h1>{t('businesses_')}</h1>
      <form
        class="admin-search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <TextField id="business-query" label={t('searchBusinesses')} value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        <Button variant="primary" type="submit">
          {t('find')}
        </Button>
      </form>
      <TextField id="business-reason" label={t('reason')} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      {error && (
        <p role="alert" class="notice error">
          {error}
        </p>
      )}
      {done && (
        <p role="status" class="notice info">
          {done}
        </p>
      )}
      {found?.length === 0 && <EmptyState title={t('noMatch')} />}
      {!!found?.length && (
        <table aria-label={t('businesses_')}>
          <thead>
            <tr>
              <th>{t('businessName')}</th>
              <th>{t('emailLabel')}</th>
              <th>{t('quickPromote')}</th>
              <th>{t('merchant')}</th>
            </tr>
          </thead>
          <tbody>
            {found.map((b) => (
              <tr key={b.id}>
                <td>
                  {b.name} <span class="muted">{b.id}</span>
                </td>
                <td>{b.owner_email}</td>
                <td>
                  <Select
                    id={`steps-${b.id}`}
                    label={t('quickPromote')}
                    value={b.quick_promote_steps ?? 'default'}
                    onChange={(e) =>
                      void act({ id: b.id, action: 'steps', steps: oneOf(['default', 'short', 'full'], e.currentTarget.value), reason }, t('quickPromote'))
                    }
                    options={[
                      { value: 'default', label: t('stepsDefault') },
                      { value: 'short', label: t('stepsShort') },
                      { value: 'full', label: t('stepsFull') },
                    ]}
                  />
                </td>
                <td>
                  {b.merchant_id ?? (
                    <Button onClick={() => void act({ id: b.id, action: 'merchant_verify', reason }, t('verifyMerchant'))}>{t('verifyMerchant')}</Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
