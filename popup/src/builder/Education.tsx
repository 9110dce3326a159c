import { useState } from 'react';
import { postResource } from '../api';
import { t } from './messages';

const TIPS = ['tipVertical', 'tipTitle', 'tipLink', 'tipAltText', 'tipDescription'] as const;

/**
 * Tips on making a good Pin for a business account (gates.education), until it closes them. Closing is
 * remembered on the account (PinBuilderResource update), so the panel stays closed on every device; the
 * panel goes at once, and a failed write only means it shows again next time.
 */
export function Education() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const dismiss = () => {
    setOpen(false);
    void postResource('PinBuilderResource', 'update', { education_dismissed: true }).catch(() => undefined);
  };
  return (
    <section class="builder-education" aria-labelledby="builder-education-title">
      <h2 id="builder-education-title">{t('educationTitle')}</h2>
      <ul>
        {TIPS.map((tip) => (
          <li key={tip}>{t(tip)}</li>
        ))}
      </ul>
      <button type="button" class="secondary" onClick={dismiss}>
        {t('dismissTips')}
      </button>
    </section>
  );
}
