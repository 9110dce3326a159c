import { ColourTile, hostOf } from './Preview';
import { usePin } from './usePin';
import { Notice } from './advertiser/Notice';

/** /pin/{id}/: the saved pin with its image, description, source link and board. */
export function PinPage({ id }: { id: string }) {
  const { pin, error } = usePin(id);

  if (error) return <main class="pin-page"><p class="error" role="alert">{error}</p></main>;
  if (!pin) return <main class="pin-page"><p class="loading" role="status">Loading…</p></main>;

  const source = hostOf(pin.link);
  return (
    <main class="pin-page">
      {pin.image_url ? (
        <img class="pin-image" src={pin.images?.['736x'].url ?? pin.image_url} alt={pin.description || pin.title || 'Pin image'} />
      ) : (
        // saving.md 2.1: a pin that is only a link shows as a colour tile with the link's host.
        <ColourTile class="pin-image" link={pin.link} color={pin.dominant_color} />
      )}
      <div class="pin-details">
        <Notice pinId={pin.id} />
        {pin.title ? <h1>{pin.title}</h1> : <h1 class="visually-hidden">Pin</h1>}
        {pin.description && <p class="description">{pin.description}</p>}
        {pin.link && source && (
          <p>
            {/* advertiser.md section 4: the link check (/offsite/) decides whether the link is followed. */}
            <a class="source" href={`/offsite/?url=${encodeURIComponent(pin.link)}`} rel="noopener noreferrer nofollow" target="_blank">
              Visit {source}
            </a>
          </p>
        )}
        <p class="board-line">
          Saved to <strong class="board-name">{pin.board.name}</strong>
          {pin.section && <> in <strong>{pin.section.title}</strong></>} by {pin.pinner.full_name || pin.pinner.username}
        </p>
      </div>
    </main>
  );
}
