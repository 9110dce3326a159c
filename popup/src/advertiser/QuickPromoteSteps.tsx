import { useEffect, useState } from 'react';
import { linked } from '../i18n/linked';
import { getResource, postResource } from '../api';
import { t as tMain } from '../i18n';
import { CONVERSION_EVENTS } from '../../../api/src/advertisers/rules/promote';
import type { AnswerOf } from '../../../api/src/resources.contract';
import type { PinData } from '../types';
import { t } from './messages';
import { problem as message, wordFor } from './words';

/* The quick promote flow's own steps (QuickPromote.tsx holds the flow and the form). */

/** The full reading's pin selection step: one of the viewer's latest Pins, the one from the link chosen first. */
export function PinChooser({
  chosen,
  onChoose,
  onNext,
  onCancel,
}: {
  chosen: string | null;
  onChoose: (id: string) => void;
  onNext: () => void;
  onCancel: () => void;
}) {
  const [pins, setPins] = useState<PinData[] | null>(null);
  const [error, setError] = useState('');
  useEffect(
    () =>
      void getResource('UserPinsResource', { page_size: 25 }).then(
        (page) => setPins(page.pins),
        (e: unknown) => setError(message(e)),
      ),
    [],
  );
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="qp-pins" class="ads-modal">
      <h2 id="qp-pins">{t('choosePin')}</h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!pins && !error && (
        <p role="status" aria-label={tMain('common.loading')}>
          {tMain('common.loading')}
        </p>
      )}
      {pins?.length === 0 && <p>{t('noPinsYet')}</p>}
      <fieldset class="qp-pin-list">
        <legend class="visually-hidden">{t('yourPins')}</legend>
        {pins?.map((p) => (
          <label key={p.id}>
            <input type="radio" name="pin" value={p.id} checked={p.id === chosen} onChange={() => onChoose(p.id)} />{' '}
            {p.title || p.description || p.link || t('pinNumbered', { id: p.id })}
          </label>
        ))}
      </fieldset>
      <p class="actions">
        <button type="button" class="secondary" onClick={onCancel}>
          {tMain('common.cancel')}
        </button>
        <button type="button" class="primary" disabled={!chosen} onClick={onNext}>
          {t('next')}
        </button>
      </p>
    </div>
  );
}

interface Tag {
  id: string;
  name: string;
}

/** A web-conversion ad's tag and event (`selected_ocpm_tag`): one of the advertiser's tags, or a new one. */
export function ConversionFields({ advertiserId }: { advertiserId: string }) {
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  useEffect(
    () =>
      void getResource('AdvertiserConversionTagsResource', { advertiser_id: advertiserId }).then(
        (list) => (setTags(list), setChosen(list[0]?.id ?? '')),
        (e: unknown) => setError(message(e)),
      ),
    [advertiserId],
  );
  const create = async () => {
    setError('');
    try {
      const tag = await postResource('AdvertiserConversionTagsResource', 'create', { advertiser_id: advertiserId, name });
      setTags([...(tags ?? []), tag]);
      setChosen(tag.id);
      setName('');
    } catch (e) {
      setError(message(e));
    }
  };
  return (
    <fieldset class="qp-conversion">
      <legend>{t('conversionTracking')}</legend>
      <label class="field">
        {t('conversionTag')}
        <select name="conversion_tag" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
          <option value="">{t('chooseTag')}</option>
          {tags?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        {t('newTagName')}
        <input value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="button" class="secondary" disabled={!name.trim()} onClick={() => void create()}>
        {t('createTag')}
      </button>
      <label class="field">
        {t('conversionEvent')}
        <select name="conversion_event" defaultValue="CHECKOUT">
          {CONVERSION_EVENTS.map((e) => (
            <option key={e} value={e}>
              {wordFor('event', e)}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The full reading's tag step: the campaign's conversion tag as the website should carry it. */
export function TagStep({ advertiserId, campaignId, onDone }: { advertiserId: string; campaignId: string; onDone: () => void }) {
  const [group, setGroup] = useState<AnswerOf<'AdvertiserAdGroupsResource', 'get'>[number] | null>(null);
  useEffect(
    () =>
      void getResource('AdvertiserAdGroupsResource', { advertiser_id: advertiserId, campaign_ids: [campaignId] }).then(
        (g) => setGroup(g[0] ?? null),
        () => setGroup(null),
      ),
    [campaignId],
  );
  const meta = group?.optimization_goal_metadata?.conversion_tag_v3_goal_metadata;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="qp-tag" class="ads-modal">
      <h2 id="qp-tag">{t('yourConversionTag')}</h2>
      {meta ? (
        <p>
          {linked((keep) => t('tagInstructions', keep), {
            tag: <code>{meta.conversion_tag_id}</code>,
            event: <strong>{wordFor('event', meta.conversion_event)}</strong>,
          })}
        </p>
      ) : (
        <p role="status" aria-label={tMain('common.loading')}>
          {tMain('common.loading')}
        </p>
      )}
      <button type="button" class="primary" onClick={onDone}>
        {t('done')}
      </button>
    </div>
  );
}
