import { fromEnglish, t } from '../i18n';
import { PinCreate } from './PinCreate';
import { readPopupQuery, type PopupQuery } from '../query';
import { usePin } from '../place/usePin';

/** /pin/{id}/repin/x/: the save popup for one of our own pins. */
export function Repin({ id, search }: { id: string; search: string }) {
  const { pin, error } = usePin(id);
  if (error)
    return (
      <main class="page">
        <p class="error" role="alert">
          {fromEnglish(error)}
        </p>
      </main>
    );
  if (!pin)
    return (
      <p class="loading" role="status">
        {t('common.loading')}
      </p>
    );
  // What the create URL carried here (api pages/routes.ts): the host's guid and origin, so the host hears the result.
  const carried = readPopupQuery({ pathname: '', search });
  const query: PopupQuery = {
    method: 'create',
    url: pin.link ?? '',
    media: pin.images?.['736x'].url ?? pin.image_url ?? '',
    description: pin.description,
    guid: carried.guid,
    color: pin.dominant_color ?? '',
    hostOrigin: carried.hostOrigin,
    action: 'repin',
    pinId: pin.id,
    originalBoardId: pin.board.id,
    // A repin keeps the advertiser id as a new pin does; the server decides.
    advertiserId: carried.advertiserId,
  };
  return <PinCreate query={query} />;
}
