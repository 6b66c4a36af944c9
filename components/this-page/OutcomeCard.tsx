// This page's report: its rating, when it was made and its privacy, and what can be done with it
// (open, copy its link, share it, re-analyze, change privacy, delete).
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import type { PageOutcome } from '../../lib/this-page/page-report';
import { reportPageUrl } from '../../lib/this-page/pages';
import { type PrivacyChoice, passwordMissing } from '../../lib/this-page/privacy-choice';
import { RatingBadge } from '../rating/RatingBadge';
import { ErrorAlert } from '../ui/ErrorAlert';
import { LazyView } from '../ui/LazyView';
import { privacyWord } from '../ui/PrivacyPicker';
import { RelativeTime } from '../ui/RelativeTime';
import { PrivacyFields } from './PrivacyFields';
import { Progress } from './Progress';
import type { PageReport } from './usePageReport';

const loadShare = () => import('./ShareActions').then((module) => module.ShareActions);

/** The privacy editor's form, which the Change privacy button controls. */
const PRIVACY_FORM_ID = 'privacy-form';

interface OutcomeCardProps {
  send: Sender;
  page: PageReport;
  outcome: PageOutcome;
  /** The service's web address: "Open report" is offered when it is known. */
  siteUrl: string | null;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  onDelete: () => void;
}

export function OutcomeCard({
  send,
  page,
  outcome,
  siteUrl,
  openTab,
  openOptions,
  onDelete,
}: OutcomeCardProps) {
  const { busy, work, editing } = page;
  const failure = page.failureAt('outcome');
  const openUrl = reportPageUrl(siteUrl, outcome.id);
  return (
    <section
      ref={page.refs.outcome}
      tabIndex={-1}
      class="outcome stack"
      aria-label={t('popup_outcomeTitle')}
      aria-busy={busy}
    >
      <p>
        <RatingBadge rating={outcome.rating} score={outcome.score} />
      </p>
      <p class="muted">
        {outcome.generatedAt && `${t('popup_generated')} `}
        <RelativeTime iso={outcome.generatedAt} />
        {outcome.privacy !== undefined && (
          <>
            {' · '}
            {t('popup_privacyValue', privacyWord(outcome.privacy))}
          </>
        )}
      </p>
      <div class="actions">
        {openUrl && (
          <button type="button" onClick={() => openTab(openUrl)}>
            {t('popup_openReport')}
          </button>
        )}
        <LazyView
          load={loadShare}
          props={{ send, outcome, siteUrl, busy, onShared: page.shared, openOptions }}
        />
        {/* aria-disabled, not disabled: focus stays on the button while work runs. */}
        <button type="button" aria-disabled={busy} onClick={page.reanalyze}>
          {t('popup_reanalyze')}
        </button>
        <button
          ref={page.refs.changePrivacy}
          type="button"
          aria-expanded={editing !== null}
          aria-controls={editing ? PRIVACY_FORM_ID : undefined}
          aria-disabled={busy}
          onClick={page.toggleEditing}
        >
          {t('popup_changePrivacy')}
        </button>
        <button
          type="button"
          class="danger"
          aria-disabled={busy}
          onClick={() => busy || onDelete()}
        >
          {t('common_delete')}
        </button>
      </div>
      {(work === 'create' || work === 'reanalyze') && <Progress since={page.since} />}
      {editing && <PrivacyEditor page={page} value={editing} openOptions={openOptions} />}
      <ErrorAlert error={failure?.error} context={failure?.context} onOpenOptions={openOptions} />
    </section>
  );
}

interface PrivacyEditorProps {
  page: PageReport;
  value: PrivacyChoice;
  openOptions: () => unknown;
}

function PrivacyEditor({ page, value, openOptions }: PrivacyEditorProps) {
  const failure = page.failureAt('privacy');
  return (
    <form id={PRIVACY_FORM_ID} class="stack subform" onSubmit={page.savePrivacy}>
      <PrivacyFields
        value={value}
        onChange={page.changeEditing}
        disabled={page.busy}
        error={failure?.error}
      />
      <div class="actions">
        <button type="submit" class="primary" disabled={page.busy || passwordMissing(value)}>
          {t('popup_savePrivacy')}
        </button>
      </div>
      <ErrorAlert
        error={failure?.error}
        context={failure?.context}
        shownFields={['privacy', 'password']}
        onOpenOptions={openOptions}
      />
    </form>
  );
}
