import type { Deps } from '../deps.js';
import { newId } from '../lib/ids.js';
import type { ClientEventName } from './rules.js';
import { eventsStore } from './store.js';

export interface ClientEvent {
  event: ClientEventName;
  client: 'web';
  pin_id?: string | undefined;
  path: string;
  query: string;
  error_code?: number | undefined;
}

/**
 * The popup reports how a save ended (pin_create_success only when the
 * popup had a guid; pin_create_fail on every failed save) and that the success dialog was shown
 * (promote_or_send_success). Kept as a log row; nothing reads it back.
 */
export function eventsService({ db, clock }: Deps) {
  const store = eventsStore(db);
  return {
    async record(event: ClientEvent, viewerId: string | null) {
      await store.insert({
        id: newId(),
        event: event.event,
        client: event.client,
        pin_id: event.pin_id ?? null,
        path: event.path,
        query: event.query,
        error_code: event.error_code ?? null,
        viewer_id: viewerId,
        created_at: clock.now(),
      });
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
