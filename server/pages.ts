// The service's few HTML pages: a landing page, a report's web page (which honours the report's
// privacy), the password form, a login page (where Laravel sends browsers that fail auth) and
// error pages. Everything interpolated is escaped.
import type { AnalysisResults } from './analysis';
import type { ReportRow } from './db';
import { apiTime } from './db';
import { escapeHtml as e } from './http';

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.5rem}code{background:#f3f4f6;padding:0 .25rem;border-radius:4px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.35rem .5rem;text-align:left;vertical-align:top}
.rating{display:inline-block;padding:.1rem .6rem;border-radius:999px;color:#fff;font-weight:600}
.good{background:#1a7f37}.decent{background:#9a6700}.bad{background:#cf222e}.pending{background:#6e7781}
.pass{color:#1a7f37}.fail{color:#cf222e}.error{color:#cf222e}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function landingPage(options: { baseUrl: string; sampleUrls: string[] }): string {
  const samples = options.sampleUrls.length
    ? `<h2>Sample pages</h2><ul>${options.sampleUrls
        .map((url) => `<li><a href="${e(url)}">${e(url)}</a></li>`)
        .join('')}</ul>`
    : '';
  return layout(
    'Site Report Service',
    `<h1>Site Report Service</h1>
<p>A local Site Report Service for developing and testing the Site Report extension.</p>
<p>API base URL: <code>${e(options.baseUrl)}</code>. Send <code>Authorization: Bearer &lt;API key&gt;</code>
and <code>Accept: application/json</code> with every request.</p>
<ul>
<li><code>GET /projects</code>, <code>DELETE /projects/{project}</code></li>
<li><code>GET /reports</code>, <code>POST /reports</code>, <code>GET|PUT|DELETE /reports/{id}</code></li>
</ul>
${samples}`,
  );
}

export function loginPage(): string {
  return layout(
    'Log in – Site Report Service',
    `<h1>Log in</h1>
<p>This local service has no accounts to log in to: API requests authenticate with an API key
in the <code>Authorization</code> header. You were sent here because a request without
<code>Accept: application/json</code> was not authenticated, as a Laravel deployment would do.</p>`,
  );
}

export function notFoundPage(): string {
  return layout('Not Found', '<h1>404</h1><p>Not Found</p>');
}

export function serverErrorPage(): string {
  return layout('Server Error', '<h1>500</h1><p>Server Error</p>');
}

/** What a gateway in front of a deployment answers when the service took too long. */
export function gatewayTimeoutPage(): string {
  return layout('Gateway Timeout', '<h1>504</h1><p>Gateway Timeout</p>');
}

export function passwordPage(
  id: number,
  options: { wrongPassword?: boolean; triesLeft?: number } = {},
): string {
  const left =
    options.triesLeft === undefined
      ? ''
      : options.triesLeft === 0
        ? ' That was the last try for now.'
        : ` ${options.triesLeft} ${options.triesLeft === 1 ? 'try' : 'tries'} left.`;
  const error = options.wrongPassword
    ? `<p class="error" role="alert">The password is incorrect.${left}</p>`
    : '';
  return layout(
    'Password required – Site Report',
    `<h1>This report is protected by a password</h1>
${error}
<form method="post" action="/reports/${id}">
<label>Password <input type="password" name="password" required autofocus autocomplete="current-password"></label>
<button type="submit">Show the report</button>
</form>`,
  );
}

/** The answer to a password try over the limit: when the form may be used again. */
export function tooManyTriesPage(id: number, retryAfterSeconds: number, until: Date): string {
  const wait =
    retryAfterSeconds < 120
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  const at = `${until.toISOString().slice(11, 19)} UTC`;
  return layout(
    'Too many tries – Site Report',
    `<h1>Too many password tries</h1>
<p class="error" role="alert">This report’s password was tried too many times. Please try again in
${wait} (at <time datetime="${until.toISOString()}">${at}</time>).</p>
<p><a href="/reports/${id}">Back to the password form</a></p>`,
  );
}

export function reportPage(report: ReportRow): string {
  const rating = report.result
    ? `<span class="rating ${report.result}">${e(report.result)}</span> ${report.score ?? ''}/100`
    : '<span class="rating pending">pending</span> The report is being generated; reload in a moment.';
  // Reports stored before results became a map of checks show none.
  const stored = report.results ? (JSON.parse(report.results) as AnalysisResults | null) : null;
  const rows = Object.entries(stored ?? {}).filter(
    ([, check]) => typeof check?.passed === 'boolean',
  );
  const checks = rows.length
    ? `<h2>Checks</h2>
<table>
<thead><tr><th>Check</th><th>Importance</th><th>Outcome</th><th>Value</th></tr></thead>
<tbody>${rows
        .map(
          ([key, check]) =>
            `<tr><td>${e(key)}</td><td>${e(String(check.importance))}</td><td class="${
              check.passed ? 'pass' : 'fail'
            }">${check.passed ? 'passed' : 'failed'}</td><td>${e(JSON.stringify(check.value) ?? '')}</td></tr>`,
        )
        .join('')}</tbody>
</table>`
    : '';
  return layout(
    `Report for ${report.url} – Site Report`,
    `<h1>Report for <a href="${e(report.url)}" rel="noopener noreferrer">${e(report.url)}</a></h1>
<p>Project: ${e(report.project)}</p>
<p>Rating: ${rating}</p>
<p>Generated: ${e(apiTime(report.generated_at) ?? 'not yet')}</p>
${checks}`,
  );
}
