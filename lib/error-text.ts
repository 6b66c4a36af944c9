// One path from a failure's facts (ErrorData) to a sentence from _locales, wherever an error is
// shown: alerts, notifications, the badge's tooltip and Test connection.
import { firstFieldMessage } from './api/errors';
import type { ErrorData, ErrorReason } from './api/model';
import { type MessageKey, t } from './i18n';
import { MAX_EXPORT_REPORTS, MAX_JOB_ITEMS } from './job-limits';
import { duration } from './time';

/** A failure's facts. `message` counts only without a reason: a sentence written elsewhere. */
export type ErrorFacts = Omit<ErrorData, 'message'> & { message?: string };

/** What Test connection knows beyond the error: the place it is said in. */
export interface ConnectionTest {
  host: string;
  /** Whether the extension may reach that host (a failed fetch without it is a CORS refusal). */
  hostAccess: boolean;
  /** The API's address, when it is not the address typed (`<address>/api/v1`). */
  apiAddress?: string;
}

export type ErrorPlace = 'page' | 'notification' | ConnectionTest;

type Say = (error: ErrorFacts) => string;

function rateLimit(plain: MessageKey, after: MessageKey): Say {
  return ({ retryAfterSeconds: seconds }) =>
    seconds !== undefined && seconds > 0 ? t(after, duration(seconds)) : t(plain);
}

const waited = (error: ErrorFacts) => duration((error.waitedMs ?? 0) / 1000);

const BY_REASON: Record<ErrorReason, Say> = {
  unauthorized: () => t('error_unauthorized'),
  forbidden: () => t('error_forbidden'),
  reportRefused: ({ serviceMessage }) =>
    serviceMessage ? t('error_report_refused', serviceMessage) : t('error_report_refused_plain'),
  notFoundOnList: () => t('error_not_found_on_list'),
  reportGone: () => t('error_report_gone'),
  projectGone: () => t('error_project_gone'),
  validation: ({ fieldErrors }) => {
    const first = firstFieldMessage(fieldErrors);
    return first === undefined ? t('error_validation') : t('error_validation_field', first);
  },
  rateLimited: rateLimit('error_rate_limited', 'error_rate_limited_after'),
  server: ({ status }) => t('error_server', status ?? 500),
  otherStatus: ({ status }) => t('error_other_status', status ?? 0),
  network: () => t('error_network'),
  timeout: (error) => t('error_timeout', waited(error)),
  notReady: (error) => t('error_not_ready', waited(error)),
  notAnApi: () => t('error_not_an_api'),
  redirected: () => t('error_redirected'),
  badShape: () => t('error_bad_shape'),
  aborted: () => t('error_aborted'),
  invalidInput: ({ fieldErrors }) => firstFieldMessage(fieldErrors) ?? t('error_invalid_input'),
  unknown: () => t('error_unknown'),
  notConnected: () => t('error_not_connected'),
  badSender: () => t('error_bad_sender'),
  badMessage: () => t('error_bad_message'),
  noAnswer: () => t('error_no_answer'),
  cannotReport: () => t('error_cannot_report'),
  notSent: () => t('error_not_sent'),
  passwordGone: () => t('error_password_gone'),
  fateUnknown: () => t('error_fate_unknown'),
  notMade: () => t('error_not_made'),
  quotaNotSent: () => t('error_quota_not_sent'),
  jobTooBig: ({ count }) => t('error_job_too_big', count ?? MAX_JOB_ITEMS),
  exportCut: ({ count }) => t('error_export_cut', count ?? MAX_EXPORT_REPORTS),
  storageFull: () => t('error_storage_full'),
  jobNotFound: () => t('error_job_not_found'),
  jobBusy: () => t('error_job_busy'),
  otherService: () => t('error_other_service'),
  accountGone: () => t('error_account_gone'),
  otherAccountKey: () => t('error_other_account_key'),
  overAllowance: ({ count, allowance }) => t('error_over_allowance', count ?? 0, allowance ?? 0),
  nothingWatched: () => t('error_nothing_watched'),
  runGoing: () => t('error_run_going'),
};

/** When only the kind is known (data a page made itself): its reason's words, or general ones. */
const BY_KIND: Record<ErrorData['kind'], Say> = {
  invalid_input: BY_REASON.invalidInput,
  unauthorized: BY_REASON.unauthorized,
  forbidden: () => t('error_kind_forbidden'),
  not_found: () => t('error_kind_not_found'),
  validation: BY_REASON.validation,
  rate_limited: BY_REASON.rateLimited,
  server: () => t('error_kind_server'),
  network: () => t('error_kind_network'),
  timeout: () => t('error_kind_timeout'),
  unexpected_response: () => t('error_kind_unexpected_response'),
  aborted: BY_REASON.aborted,
  not_connected: BY_REASON.notConnected,
  bad_message: BY_REASON.noAnswer,
};

/** The queue's sentences say what happened wherever they are shown. */
const SAID_ANYWHERE = new Set<ErrorReason | undefined>(['passwordGone', 'fateUnknown', 'notMade']);

/** A notification has no button to the options page, and nothing was created. */
const IN_NOTIFICATION: Partial<Record<ErrorData['kind'], Say>> = {
  not_connected: () => t('error_notify_not_connected'),
  unauthorized: () => t('error_notify_unauthorized'),
  server: () => t('error_notify_server'),
  network: () => t('error_notify_unreachable'),
  timeout: () => t('error_notify_unreachable'),
};

/** Test connection names the host and says what to check in the form. */
function inConnectionTest(error: ErrorFacts, test: ConnectionTest): string | undefined {
  switch (error.kind) {
    case 'network':
      return test.hostAccess
        ? t('error_test_unreachable', test.host)
        : t('error_test_no_access', test.host);
    case 'timeout':
      return t('error_test_timeout', test.host);
    case 'not_found':
      return t('error_test_not_found');
    case 'unexpected_response':
      return t('error_test_not_api');
    case 'unauthorized':
      return t('error_test_unauthorized');
    case 'forbidden':
      return t('error_test_forbidden');
    case 'rate_limited':
      return rateLimit('error_test_rate_limited', 'error_test_rate_limited_after')(error);
    case 'server':
      return t('error_test_server', error.status ?? 500);
    default:
      return undefined;
  }
}

function onPage(error: ErrorFacts): string {
  if (error.reason) return BY_REASON[error.reason](error);
  // A rate limit is said from its data (when to try again), whatever words came with it.
  if (error.kind === 'rate_limited') return BY_REASON.rateLimited(error);
  return error.message?.trim() || BY_KIND[error.kind](error);
}

export function errorText(error: ErrorFacts, place: ErrorPlace = 'page'): string {
  if (place === 'page') return onPage(error);
  if (place === 'notification') {
    const short = SAID_ANYWHERE.has(error.reason) ? undefined : IN_NOTIFICATION[error.kind];
    return short?.(error) ?? onPage(error);
  }
  const text = inConnectionTest(error, place) ?? onPage(error);
  return place.apiAddress ? t('error_test_at_api_address', place.apiAddress, text) : text;
}

/** The failure as data for the pages: its facts, and its sentence for `place` as `message`. */
export function errorWithText(error: ErrorFacts, place: ErrorPlace = 'page'): ErrorData {
  return { ...error, message: errorText(error, place) };
}
