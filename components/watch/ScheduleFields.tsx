// The one schedule of the service's watched pages: Daily or Weekly, the day (for Weekly) and the
// hour in the browser's local time; each change is saved at once.
import { useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { exactTime, relativeTime } from '../../lib/time';
import type { Schedule, WatchOverview } from '../../lib/watch/model';
import { dayOptions, hourOptions } from '../../lib/watch/words';
import { ErrorAlert } from '../ui/ErrorAlert';
import { SelectField } from '../ui/SelectField';

export interface ScheduleFieldsProps {
  send: Sender;
  overview: WatchOverview;
  now: number;
  onSaved: (patch: Pick<WatchOverview, 'schedule' | 'nextRunAt'>) => void;
  openOptions: () => unknown;
}

export function ScheduleFields({ send, overview, now, onSaved, openOptions }: ScheduleFieldsProps) {
  const [shown, setShown] = useState<Schedule | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const schedule = shown ?? overview.schedule;

  async function change(patch: Partial<Schedule>) {
    const next = { ...schedule, ...patch };
    setShown(next);
    setError(null);
    const answer = await send({ type: 'setSchedule', schedule: next });
    if (answer.ok) {
      onSaved(answer.data);
      setShown(null);
    } else {
      setError(answer.error);
    }
  }

  const { nextRunAt, lastRunAt } = overview;
  return (
    <fieldset class="schedule">
      <legend>{t('watch_scheduleLabel')}</legend>
      <div class="schedule-fields">
        <SelectField
          label={t('watch_schedule')}
          value={schedule.every}
          options={[
            { value: 'daily', label: t('watch_daily') },
            { value: 'weekly', label: t('watch_weekly') },
          ]}
          onChange={(every) => void change({ every })}
        />
        <SelectField
          label={t('watch_day')}
          value={schedule.day}
          options={dayOptions()}
          disabled={schedule.every === 'daily'}
          onChange={(day) => void change({ day })}
        />
        <SelectField
          label={t('watch_hour')}
          value={schedule.hour}
          options={hourOptions()}
          onChange={(hour) => void change({ hour })}
        />
      </div>
      <p class="muted">
        {nextRunAt === null
          ? t('watch_noRun')
          : t('watch_nextRun', relativeTime(nextRunAt, now), exactTime(nextRunAt))}
        {lastRunAt !== null && ` ${t('watch_lastRun', relativeTime(lastRunAt, now))}`}
      </p>
      <ErrorAlert error={error} context={t('watch_scheduleFailed')} onOpenOptions={openOptions} />
    </fieldset>
  );
}
