import { t } from '../i18n';
import { leave } from '../pageBack';

/**
 * The page's CSP kept the bookmarklet out, and the server's finder got no image from it (it
 * could not read the page, or found none). Said plainly, and the user chooses: the link alone, or close.
 */
export function NoImageFound({ reason, onLinkOnly }: { reason: 'unreadable' | 'none'; onLinkOnly(): void }) {
  return (
    <div class="no-image-found" role="alert" aria-labelledby="no-image-title">
      <h2 id="no-image-title">{t('save.noImageFoundTitle')}</h2>
      <p>{t(reason === 'unreadable' ? 'save.noImageUnreadable' : 'save.noImageNone')}</p>
      <p>{t('save.noImageChoice')}</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={leave}>
          {t('common.close')}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: the save popup the user just opened asks this one question, as a dialog would: focus starts on its answer */}
        <button type="button" class="primary" onClick={onLinkOnly} autoFocus>
          {t('save.saveLinkOnly')}
        </button>
      </div>
    </div>
  );
}
