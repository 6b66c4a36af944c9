// What changed from one analysis to the next: the rating, the checks that now fail (most important
// first) and those fixed. Shown in a watched row and, loaded later, on the popup's This page
// (where a style sheet of its own would add to the first load: its list keeps the browser's style).
import { t } from '../../lib/i18n';
import type { Change } from '../../lib/watch/model';
import { checkNames, hasChange, ratingChangeText } from '../../lib/watch/words';

const ORDER = { high: 0, medium: 1, low: 2 } as const;

export function ChangeSummary({ change }: { change: Change }) {
  if (!hasChange(change)) return <p class="muted change">{t('watch_unchanged')}</p>;
  const failing = [...change.nowFailing]
    .sort((a, b) => ORDER[a.importance] - ORDER[b.importance])
    .map((check) => check.key);
  return (
    <div class={`change change-${change.direction}`}>
      <p>
        <strong>{t('watch_changeTitle')}</strong>
      </p>
      <ul class="change-list">
        {change.from.result !== change.to.result && <li>{ratingChangeText(change)}</li>}
        {failing.length > 0 && (
          <li class="change-failing">{t('watch_nowFailing', checkNames(failing))}</li>
        )}
        {change.fixed.length > 0 && <li>{t('watch_fixed', checkNames(change.fixed))}</li>}
      </ul>
    </div>
  );
}
