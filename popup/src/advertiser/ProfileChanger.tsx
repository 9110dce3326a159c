import { useEffect, useState } from 'react';
import { v3 } from '../api';
import { linked } from '../i18n/linked';
import { showProfileChanger, type AccessProfile } from '../../../api/src/advertisers/rules/profiles';
import { t, tn } from './messages';
import { activeProfile, profileVisible, setActiveProfile, setProfileVisible } from './profile';
import type { AdvertiserData } from './types';

/**
 * The profile changer header: only for an authenticated partner with
 * profiles. The acting profile's name, username and image show here; its choice and the header's
 * visibility live in local storage. Whether the profile may be used is the server's call.
 */
export function ProfileChanger({ advertiser }: { advertiser: AdvertiserData }) {
  const [profiles, setProfiles] = useState<AccessProfile[]>([]);
  const [visible, setVisible] = useState(profileVisible());
  useEffect(() => void v3('/vx/business_access/profiles/').then(setProfiles, () => setProfiles([])), []);
  if (!showProfileChanger(advertiser.viewer, profiles)) return null;
  const acting = profiles.find((p) => p.id === advertiser.id);
  const current = activeProfile(advertiser.viewer.id);
  if (!visible) {
    return (
      <div class="profile-changer collapsed">
        <button type="button" class="link" onClick={() => (setProfileVisible(true), setVisible(true))}>
          {t('showProfiles')}
        </button>
      </div>
    );
  }
  return (
    <section class="profile-changer" aria-label={t('businessProfile')}>
      {acting && (
        <span class="acting">
          {acting.user.imgUrl ? (
            <img src={acting.user.imgUrl} alt="" />
          ) : (
            <span class="avatar avatar-initial" aria-hidden="true">
              {acting.user.businessName.charAt(0)}
            </span>
          )}
          {linked((keep) => tn('actingAs', acting.user.scheduledPinCount, { username: acting.user.username, ...keep }), {
            business: <strong>{acting.user.businessName}</strong>,
          })}
        </span>
      )}
      <label>
        {t('businessProfile')}{' '}
        <select
          value={profiles.some((p) => p.id === current.id) ? current.id : advertiser.id}
          onChange={(e) => {
            const chosen = profiles.find((p) => p.id === e.currentTarget.value);
            if (!chosen) return;
            setActiveProfile(chosen);
            location.assign(`/advertiser/${chosen.id}/`);
          }}
        >
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.user.businessName} ({p.permissions.join(', ')})
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="link" onClick={() => (setProfileVisible(false), setVisible(false))}>
        {t('hide')}
      </button>
    </section>
  );
}
