// This page: the active tab's address, the create form, and the outcome with its actions.
// A rating the background already knows shows at once; a quiet read refreshes it.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert, fieldError } from '../../components/ErrorAlert';
import { PasswordField, PrivacyPicker, privacyWord } from '../../components/PrivacyPicker';
import { RatingBadge } from '../../components/RatingBadge';
import { RelativeTime } from '../../components/RelativeTime';
import type { ErrorData, Privacy, Report } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { CachedRating, StatusAnswer } from '../../lib/messages';
import { reportability, reportPageUrl } from '../../lib/pages';
import type { ActiveTab } from '../../lib/popup/active-tab';
import { markContent } from '../../lib/popup/content-mark';
import type { Sender } from '../../lib/send';

export interface ThisPageViewProps {
  send: Sender;
  tab: ActiveTab | undefined;
  status: StatusAnswer;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Called after a report was created, changed or deleted (lists go stale). */
  onChanged: () => void;
}

/** What is shown about the page's report: a full report, or what the cache knows. */
type Outcome = Pick<Report, 'id' | 'url' | 'rating' | 'score' | 'generatedAt'> & {
  privacy?: Privacy;
};

type Work = 'create' | 'reanalyze' | 'privacy' | 'delete';

interface Failure {
  /** Which part of the view failed: the alert and field messages go there. */
  where: 'create' | 'outcome' | 'privacy';
  context: string;
  error: ErrorData;
}

function fromCached(cached: CachedRating, url: string): Outcome {
  return {
    id: cached.reportId,
    url,
    rating: cached.rating,
    score: cached.score,
    generatedAt: cached.generatedAt,
    privacy: cached.privacy,
  };
}

export function ThisPageView({
  send,
  tab,
  status,
  openTab,
  openOptions,
  onChanged,
}: ThisPageViewProps) {
  const url = tab?.url ?? '';
  const reach = reportability(url);
  const [privacy, setPrivacy] = useState<Privacy>(status.defaultPrivacy);
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    status.cached ? fromCached(status.cached, url) : null,
  );
  const [work, setWork] = useState<Work | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<{ privacy: Privacy; password: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** Bumped by every user action, so a late quiet refresh cannot undo it. */
  const actions = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLElement>(null);
  const changePrivacyRef = useRef<HTMLButtonElement>(null);
  /**
   * Where the focus goes once the next render is on screen: the control that had it (a disabled
   * button, a closed form) is gone or unfocusable, and a keyboard or screen reader user would
   * otherwise be left on the page body.
   */
  const focusNext = useRef<{ current: HTMLElement | null } | null>(null);

  // A layout effect: the focus moves with the render that removes its old place, before any key.
  useLayoutEffect(() => {
    const target = focusNext.current?.current;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  // The address and the cached rating are in the document now (see lib/content-mark.ts).
  useLayoutEffect(() => markContent(), []);

  // The cached rating is on screen already; read the report once to bring it up to date.
  useEffect(() => {
    const cached = status.cached;
    if (!cached) return;
    const before = actions.current;
    void (async () => {
      let answer = await send({ type: 'getReport', id: cached.reportId });
      if (answer.ok && answer.data.rating === null && actions.current === before) {
        const waited = await send({ type: 'waitForResult', id: cached.reportId });
        if (waited.ok || waited.error.kind === 'not_found') answer = waited;
      }
      if (actions.current !== before) return;
      if (answer.ok) {
        setOutcome(answer.data);
      } else if (answer.error.kind === 'not_found') {
        setOutcome(null);
        setNotice(t('popup_reportGone'));
      }
      // Other failures stay quiet: the cached rating is still the best we know.
    })();
  }, [send, status.cached]);

  /** Waits for the analysis when the service answered before finishing it. */
  async function settle(report: Report): Promise<{ report: Report; error?: ErrorData }> {
    if (report.rating !== null) return { report };
    const waited = await send({ type: 'waitForResult', id: report.id });
    return waited.ok ? { report: waited.data } : { report, error: waited.error };
  }

  function begin(next: Work) {
    actions.current += 1;
    setWork(next);
    setFailure(null);
    setNotice('');
  }

  function reportGone(text: string) {
    setOutcome(null);
    setEditing(null);
    setNotice(text);
    onChanged();
    headingRef.current?.focus();
  }

  const passwordMissing = privacy === 2 && password.length === 0;
  const canCreate = reach.status !== 'unsupported' && !passwordMissing && work === null;

  async function create(event: Event) {
    event.preventDefault();
    if (!canCreate) return;
    begin('create');
    const answer = await send({
      type: 'createReport',
      input: { url, privacy, ...(privacy === 2 ? { password } : {}) },
    });
    if (!answer.ok) {
      focusNext.current = createRef;
      setWork(null);
      setFailure({ where: 'create', context: t('popup_createFailed'), error: answer.error });
      return;
    }
    const { report, error } = await settle(answer.data);
    focusNext.current = outcomeRef;
    setOutcome(report);
    setPassword('');
    setWork(null);
    onChanged();
    if (error) setFailure({ where: 'outcome', context: t('popup_waitFailed'), error });
  }

  async function reanalyze() {
    if (!outcome || work) return;
    begin('reanalyze');
    const answer = await send({ type: 'updateReport', id: outcome.id, input: { results: true } });
    if (!answer.ok) {
      setWork(null);
      if (answer.error.kind === 'not_found') return reportGone(t('popup_reportGone'));
      setFailure({ where: 'outcome', context: t('popup_reanalyzeFailed'), error: answer.error });
      return;
    }
    const { report, error } = await settle(answer.data);
    setOutcome(report);
    setWork(null);
    onChanged();
    if (error) setFailure({ where: 'outcome', context: t('popup_waitFailed'), error });
  }

  async function savePrivacy(event: Event) {
    event.preventDefault();
    if (!outcome || !editing || (editing.privacy === 2 && !editing.password)) return;
    begin('privacy');
    const answer = await send({
      type: 'updateReport',
      id: outcome.id,
      input: {
        privacy: editing.privacy,
        ...(editing.privacy === 2 ? { password: editing.password } : {}),
      },
    });
    setWork(null);
    if (!answer.ok) {
      if (answer.error.kind === 'not_found') return reportGone(t('popup_reportGone'));
      setFailure({ where: 'privacy', context: t('popup_privacyFailed'), error: answer.error });
      return;
    }
    focusNext.current = changePrivacyRef;
    setOutcome(answer.data);
    setEditing(null);
    setNotice(t('popup_privacyChanged'));
    onChanged();
  }

  async function remove() {
    setConfirming(false);
    if (!outcome || work) return;
    begin('delete');
    const answer = await send({ type: 'deleteReport', id: outcome.id });
    setWork(null);
    if (answer.ok) return reportGone(t('popup_reportDeleted'));
    if (answer.error.kind === 'not_found') return reportGone(t('popup_alreadyDeleted'));
    setFailure({ where: 'outcome', context: t('popup_deleteFailed'), error: answer.error });
  }

  const failed = (where: Failure['where']) => (failure?.where === where ? failure.error : null);
  const createError = failed('create');
  const privacyError = failed('privacy');
  const openUrl = outcome ? reportPageUrl(status.siteUrl, outcome.id) : undefined;
  const analyzing = work === 'create' || work === 'reanalyze';
  const unsupportedId = 'page-unsupported';

  return (
    <section class="view" aria-labelledby="page-title">
      <header class="page">
        <h1 id="page-title" class="page-title" tabIndex={-1} ref={headingRef}>
          {tab?.title || t('popup_untitled')}
        </h1>
        {url && <p class="address">{url}</p>}
        {fieldError(createError, 'url') && (
          <p class="field-error">{fieldError(createError, 'url')}</p>
        )}
        {reach.status === 'unsupported' && (
          <p class="notice" id={unsupportedId}>
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

      {!outcome && (
        <form class="stack" onSubmit={create} aria-busy={work === 'create'}>
          <PrivacyPicker
            value={privacy}
            onChange={setPrivacy}
            disabled={work !== null}
            error={fieldError(createError, 'privacy')}
          />
          {privacy === 2 && (
            <PasswordField
              value={password}
              onInput={setPassword}
              disabled={work !== null}
              error={fieldError(createError, 'password')}
            />
          )}
          <div class="actions">
            <button
              ref={createRef}
              type="submit"
              class="primary"
              disabled={!canCreate}
              aria-describedby={reach.status === 'unsupported' ? unsupportedId : undefined}
            >
              {t('popup_createReport')}
            </button>
          </div>
          {work === 'create' && <Progress />}
          <ErrorAlert
            error={createError}
            context={failure?.context}
            shownFields={['url', 'privacy', 'password']}
            onOpenOptions={openOptions}
          />
        </form>
      )}

      {outcome && (
        <section
          ref={outcomeRef}
          tabIndex={-1}
          class="outcome stack"
          aria-label={t('popup_outcomeTitle')}
          aria-busy={work !== null}
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
            {/* aria-disabled, not disabled: focus stays on the button while work runs. */}
            <button type="button" aria-disabled={work !== null} onClick={reanalyze}>
              {t('popup_reanalyze')}
            </button>
            <button
              ref={changePrivacyRef}
              type="button"
              aria-expanded={editing !== null}
              aria-controls={editing ? 'privacy-form' : undefined}
              aria-disabled={work !== null}
              onClick={() => {
                if (work) return;
                setFailure(null);
                setEditing(editing ? null : { privacy: outcome.privacy ?? 0, password: '' });
              }}
            >
              {t('popup_changePrivacy')}
            </button>
            <button
              type="button"
              class="danger"
              aria-disabled={work !== null}
              onClick={() => {
                if (!work) setConfirming(true);
              }}
            >
              {t('common_delete')}
            </button>
          </div>
          {analyzing && <Progress />}
          {editing && (
            <form id="privacy-form" class="stack subform" onSubmit={savePrivacy}>
              <PrivacyPicker
                value={editing.privacy}
                onChange={(next) => setEditing({ ...editing, privacy: next })}
                disabled={work !== null}
                error={fieldError(privacyError, 'privacy')}
              />
              {editing.privacy === 2 && (
                <PasswordField
                  value={editing.password}
                  onInput={(next) => setEditing({ ...editing, password: next })}
                  disabled={work !== null}
                  error={fieldError(privacyError, 'password')}
                />
              )}
              <div class="actions">
                <button
                  type="submit"
                  class="primary"
                  disabled={work !== null || (editing.privacy === 2 && !editing.password)}
                >
                  {t('popup_savePrivacy')}
                </button>
              </div>
              <ErrorAlert
                error={privacyError}
                context={failure?.context}
                shownFields={['privacy', 'password']}
                onOpenOptions={openOptions}
              />
            </form>
          )}
          <ErrorAlert
            error={failed('outcome')}
            context={failure?.context}
            onOpenOptions={openOptions}
          />
        </section>
      )}

      <p class="notice-status" role="status">
        {notice}
      </p>

      {confirming && outcome && (
        <ConfirmDialog
          title={t('popup_deleteReportTitle')}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          {t('popup_deleteReportText', outcome.url)}
        </ConfirmDialog>
      )}
    </section>
  );
}

function Progress() {
  return (
    <p class="progress" role="status">
      <span class="spinner" aria-hidden="true" />
      {t('popup_analyzing')}
    </p>
  );
}
