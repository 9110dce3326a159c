import { SCHEDULE_MAX_AHEAD_MS, SCHEDULE_MIN_AHEAD_MS } from '../../../api/src/pins/rules/schedule';
import { Toggle } from '../ui/Toggle';
import { t } from './messages';

/** The business's list of pins waiting for their time. */
export const SCHEDULED_PATH = '/pin-builder/scheduled/';

/** A moment as a datetime-local field writes it: the reader's own clock, to the minute. */
function localValue(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The field's value as epoch ms (read in the reader's time zone), or null while it is empty or not a time. */
export function scheduledTime(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The pin builder's "Publish later" (the scheduling gate, business accounts): a switch that reveals a date and
 * time in the reader's own time zone, inside the window pins/rules/schedule.ts gives (the server holds the
 * same window, so a time that slips under it while the form is filled in is refused there, in the form).
 */
export function PublishLater({
  later,
  onLater,
  when,
  onWhen,
  disabled,
}: {
  later: boolean;
  onLater: (on: boolean) => void;
  when: string;
  onWhen: (value: string) => void;
  disabled: boolean;
}) {
  const now = Date.now();
  // A minute's margin over the least: the time it takes to press Schedule.
  const min = localValue(now + SCHEDULE_MIN_AHEAD_MS + 60_000);
  const max = localValue(now + SCHEDULE_MAX_AHEAD_MS);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div class="publish-later">
      <Toggle label={t('publishLater')} checked={later} onChange={(e) => onLater(e.currentTarget.checked)} />
      {later && (
        <label>
          {t('publishAt')}
          <input type="datetime-local" value={when} min={min} max={max} disabled={disabled} required onInput={(e) => onWhen(e.currentTarget.value)} />
          <small class="hint">{t('timeZone', { zone })}</small>
        </label>
      )}
    </div>
  );
}
