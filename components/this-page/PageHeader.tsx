// The page the popup acts on: its title and address, why it cannot be reported, or that the
// service may not reach it.

import { t } from '../../lib/i18n';
import { fieldError } from '../ui/field-error';
import type { PageReport } from './usePageReport';

/** The id of the "can't be reported" notice, which describes the disabled Create button. */
export const UNSUPPORTED_ID = 'page-unsupported';

export interface PageHeaderProps {
  page: PageReport;
  /** The tab's title, if it has one. */
  title: string | undefined;
}

export function PageHeader({ page, title }: PageHeaderProps) {
  const { url, reach } = page;
  // The service's message about the address, after a refused create.
  const urlError = fieldError(page.failureAt('create')?.error, 'url');
  return (
    <header class="page">
      <h1 id="page-title" class="page-title" tabIndex={-1} ref={page.refs.heading}>
        {title || t('popup_untitled')}
      </h1>
      {url && <p class="address">{url}</p>}
      {urlError && <p class="field-error">{urlError}</p>}
      {reach.status === 'unsupported' && (
        <p class="notice" id={UNSUPPORTED_ID}>
          {t(`popup_unsupported_${reach.reason}`)}
        </p>
      )}
      {reach.status === 'local' && (
        <p class="warning">
          <span aria-hidden="true">⚠ </span>
          {t('popup_localWarning', reach.host)}
        </p>
      )}
    </header>
  );
}
