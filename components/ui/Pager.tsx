// Previous / Next with "Page X of Y" when the service says how many pages there are.
import { t } from '../../lib/i18n';

export interface PagerProps {
  page: number;
  lastPage?: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  disabled?: boolean;
}

export function Pager({ page, lastPage, hasNext, onPage, disabled }: PagerProps) {
  return (
    <nav class="pager" aria-label={t('common_pages')}>
      <button type="button" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        {t('common_previousPage')}
      </button>
      <span class="pager-position">
        {lastPage ? t('common_pageOf', page, lastPage) : t('common_page', page)}
      </span>
      <button type="button" disabled={disabled || !hasNext} onClick={() => onPage(page + 1)}>
        {t('common_nextPage')}
      </button>
    </nav>
  );
}
