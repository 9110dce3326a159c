import { fromEnglish, t } from './i18n';
import { PinCreate } from './PinCreate';
import { readPopupQuery, type PopupQuery } from './query';
import { usePin } from './usePin';

/** /pin/{id}/repin/x/: the save popup for one of our own pins (saving.md section 2.3). */
export function Repin({ id, search }: { id: string; search: string }) {
  const { pin, error } = usePin(id);
  if (error) return <main class="page"><p class="error" role="alert">{fromEnglish(error)}</p></main>;
  if (!pin) return <p class="loading" role="status">{t('common.loading')}</p>;
  const q = new URLSearchParams(search);
  const query: PopupQuery = {
    method: 'create',
    url: pin.link ?? '',
    media: pin.images?.['736x'].url ?? pin.image_url ?? '',
    description: pin.description,
    guid: q.get('guid') ?? '',
    color: pin.dominant_color ?? '',
    hostOrigin: null,
    action: 'repin',
    pinId: pin.id,
    originalBoardId: pin.board.id,
    // saving.md section 6: a repin keeps the advertiser id as a new pin does; the server decides.
    advertiserId: readPopupQuery({ pathname: '', search }).advertiserId,
  };
  return <PinCreate query={query} />;
}
