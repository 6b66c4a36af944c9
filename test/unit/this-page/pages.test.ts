import { describe, expect, it } from 'vitest';
import { isLocalHost, isWebUrl, reportability, reportPageUrl } from '../../../lib/this-page/pages';

describe('reportability', () => {
  it.each([
    ['https://example.com/pricing', 'ok'],
    ['http://example.com', 'ok'],
    ['https://chrome.google.com/search', 'ok'],
    ['https://addons.mozilla.org.evil.example/', 'ok'],
    ['https://10.example.com/', 'ok'],
    ['http://8.8.8.8/', 'ok'],
    ['http://172.32.0.1/', 'ok'],
    ['http://[2001:db8::1]/', 'ok'],
    ['https://notlocal.com/', 'ok'],
  ])('%s is %s', (url, status) => {
    expect(reportability(url).status).toBe(status);
  });

  it.each([
    [undefined, 'missing'],
    ['', 'missing'],
    ['not a url', 'invalid'],
    ['chrome://settings/', 'browser'],
    ['chrome://newtab/', 'browser'],
    ['about:blank', 'browser'],
    ['about:addons', 'browser'],
    ['edge://extensions', 'browser'],
    ['view-source:https://example.com/', 'browser'],
    ['devtools://devtools/bundled/inspector.html', 'browser'],
    ['chrome-extension://abcdefghijklmnop/popup.html', 'extension'],
    ['moz-extension://1234-5678/options.html', 'extension'],
    ['file:///home/me/index.html', 'scheme'],
    ['data:text/html,hello', 'scheme'],
    ['ftp://ftp.example.com/file', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://chromewebstore.google.com/detail/some-extension/abc', 'store'],
    ['https://chrome.google.com/webstore/detail/abc', 'store'],
    ['https://chrome.google.com/webstore', 'store'],
    ['https://addons.mozilla.org/en-US/firefox/addon/x/', 'store'],
    ['https://microsoftedge.microsoft.com/addons/detail/x', 'store'],
  ])('%s is unsupported (%s)', (url, reason) => {
    expect(reportability(url)).toEqual({ status: 'unsupported', reason });
  });

  it.each([
    ['http://localhost:3000/', 'localhost'],
    ['http://LOCALHOST/', 'localhost'],
    ['http://app.localhost/', 'app.localhost'],
    ['http://127.0.0.1:8000/', '127.0.0.1'],
    ['http://127.1.2.3/', '127.1.2.3'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://10.0.0.5/', '10.0.0.5'],
    ['http://172.16.0.1/', '172.16.0.1'],
    ['http://172.31.255.255/', '172.31.255.255'],
    ['http://192.168.1.1/', '192.168.1.1'],
    ['http://169.254.169.254/latest', '169.254.169.254'],
    ['http://0.0.0.0:8080/', '0.0.0.0'],
    ['http://[::1]/', '[::1]'],
    ['http://[fc00::1]/', '[fc00::1]'],
    ['http://[fd12:3456::1]/', '[fd12:3456::1]'],
    ['http://[fe80::1]/', '[fe80::1]'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[::ffff:192.168.0.1]/', '[::ffff:c0a8:1]'],
    ['http://printer.local/', 'printer.local'],
    ['http://printer.local./', 'printer.local'],
    ['https://wiki.corp.internal/page', 'wiki.corp.internal'],
    ['http://nas.home.arpa/', 'nas.home.arpa'],
  ])('%s is allowed with a warning', (url, host) => {
    expect(reportability(url)).toEqual({ status: 'local', url, host });
  });
});

describe('isLocalHost', () => {
  it.each(['[::ffff:8.8.8.8]', '[2001:db8::1]', 'example.com', 'localhost.example.com'])(
    '%s is not local',
    (host) => {
      expect(isLocalHost(host)).toBe(false);
    },
  );
});

describe('isWebUrl and reportPageUrl', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/x', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['/relative', false],
    ['', false],
    [null, false],
  ])('isWebUrl(%s) is %s', (value, expected) => {
    expect(isWebUrl(value)).toBe(expected);
  });

  it('builds the service page of a report', () => {
    expect(reportPageUrl('https://reports.example.com', 42)).toBe(
      'https://reports.example.com/reports/42',
    );
    expect(reportPageUrl('https://reports.example.com/app/', 7)).toBe(
      'https://reports.example.com/app/reports/7',
    );
    expect(reportPageUrl(null, 1)).toBeUndefined();
    expect(reportPageUrl('javascript:alert(1)//', 1)).toBeUndefined();
  });
});
