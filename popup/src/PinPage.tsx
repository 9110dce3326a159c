import { usePin } from './usePin';

/** /pin/{id}/: the saved pin with its image, description, source link and board. */
export function PinPage({ id }: { id: string }) {
  const { pin, error } = usePin(id);

  if (error) return <main class="pin-page"><p class="error" role="alert">{error}</p></main>;
  if (!pin) return <main class="pin-page"><p class="loading" role="status">Loading…</p></main>;

  const source = pin.link ? safeHost(pin.link) : null;
  return (
    <main class="pin-page">
      <img class="pin-image" src={pin.images?.['736x'].url ?? pin.image_url} alt={pin.description || pin.title || 'Pin image'} />
      <div class="pin-details">
        {pin.title && <h1>{pin.title}</h1>}
        {pin.description && <p class="description">{pin.description}</p>}
        {pin.link && source && (
          <p>
            <a class="source" href={pin.link} rel="noopener noreferrer nofollow" target="_blank">
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

function safeHost(link: string): string | null {
  try {
    return new URL(link).host;
  } catch {
    return null;
  }
}
