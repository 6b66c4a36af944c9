// @vitest-environment happy-dom
// Test connection pressed again while a test is still running: the newest press wins. The
// background's answers are held by a fake sender and let go when each test says, so the order
// in which they arrive is the test's choice, not the network's.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../entrypoints/options/App';
import type { ErrorData } from '../../../lib/api/model';
import type { Answer, RequestOf } from '../../../lib/messaging/protocol';
import type { Sender } from '../../../lib/messaging/send';
import { sleep } from '../../support/time';

const OLD_URL = 'http://127.0.0.1:9/api/v1';
const NEW_URL = 'https://reports.example.com/api/v1';
const OLD_KEY = 'sr_old_key_0123456789';
const NEW_KEY = 'sr_new_key_0123456789';

type TestAnswer = Answer<'testConnection'>;

interface HeldRequest {
  request: RequestOf<'testConnection'>;
  answer: (answer: TestAnswer) => Promise<void>;
}

/** A sender whose answers arrive only when the test lets each one go. */
function heldSender() {
  const held: HeldRequest[] = [];
  const send = ((request: RequestOf<'testConnection'>) =>
    new Promise<TestAnswer>((resolve) => {
      held.push({
        request,
        // Lets the answer go, then lets the page finish whatever it does with it.
        answer: async (answer) => {
          resolve(answer);
          await sleep(0);
        },
      });
    })) as Sender;
  return { send, held };
}

const connected = (baseUrl: string, total: number): TestAnswer => ({
  ok: true,
  data: { baseUrl, adjusted: false, total },
});
const failed = (message: string, extra: Partial<ErrorData> = {}): TestAnswer => ({
  ok: false,
  error: { kind: 'network', message, ...extra },
});

afterEach(cleanup);

async function renderPage(send: Sender) {
  render(<App send={send} />);
  return screen.findByRole('textbox', { name: 'Service URL' });
}

const status = () => screen.getByRole('status');
const testButton = () => screen.getByRole('button', { name: 'Test connection' });
const keyBox = () => screen.getByLabelText('API key') as HTMLInputElement;
const type = (element: HTMLElement, value: string) =>
  fireEvent.input(element, { target: { value } });

/** Types the old values and presses Test connection; its answer is held. */
async function startSlowTest() {
  const { send, held } = heldSender();
  const url = await renderPage(send);
  type(url, OLD_URL);
  type(keyBox(), OLD_KEY);
  fireEvent.click(testButton());
  await waitFor(() => expect(held).toHaveLength(1));
  return { url, held };
}

describe('Test connection pressed again while a test runs', () => {
  it('shows it is busy without being disabled, and keeps its name', async () => {
    await startSlowTest();
    const button = testButton();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).not.toBe('true');
    expect(status().textContent).toBe(`Testing ${OLD_URL}…`);
  });

  it.each([
    ['after the second answer', 'second first'],
    ['before the second answer', 'first first'],
  ] as const)(
    'honours the second press; the first answer arriving %s changes nothing',
    async (_when, order) => {
      const { url, held } = await startSlowTest();

      // The user corrects both fields and presses again before the first test has answered.
      type(url, NEW_URL);
      type(keyBox(), NEW_KEY);
      fireEvent.click(testButton());
      await waitFor(() => expect(held).toHaveLength(2));
      expect(held[1]?.request).toMatchObject({ serviceUrl: NEW_URL, apiKey: NEW_KEY });
      expect(status().textContent).toBe(`Testing ${NEW_URL}…`);

      const [first, second] = held as [HeldRequest, HeldRequest];
      const lateFailure = failed(`Could not reach 127.0.0.1:9. Check the address.`, {
        fieldErrors: { serviceUrl: ['Not this one.'] },
      });
      if (order === 'first first') {
        await first.answer(lateFailure);
        // Still waiting for the test of what the form holds.
        expect(status().textContent).toBe(`Testing ${NEW_URL}…`);
        expect(testButton().getAttribute('aria-busy')).toBe('true');
        await second.answer(connected(NEW_URL, 3));
      } else {
        await second.answer(connected(NEW_URL, 3));
      }
      const answered = `Connected to ${NEW_URL}. Reports on the service: 3.`;
      await waitFor(() => expect(status().textContent).toBe(answered));
      expect(testButton().getAttribute('aria-busy')).toBeNull();

      if (order === 'second first') await first.answer(lateFailure);
      expect(status().textContent).toBe(answered);
      expect(url.getAttribute('aria-invalid')).not.toBe('true');
      expect(screen.queryByText('Not this one.')).toBeNull();
    },
  );

  it('lets a press with a field to fix win too: the running test’s answer is dropped', async () => {
    const { url, held } = await startSlowTest();
    type(url, 'not an address');
    fireEvent.click(testButton());
    await waitFor(() => expect(status().textContent).toMatch(/not a web address/));
    expect(testButton().getAttribute('aria-busy')).toBeNull();

    await held[0]?.answer(connected(OLD_URL, 5));
    expect(status().textContent).toMatch(/not a web address/);
    expect(held).toHaveLength(1);
  });
});

describe('the answer', () => {
  it('names the address it tested, on failure too', async () => {
    const { held } = await startSlowTest();
    await held[0]?.answer(failed('The service rejected this API key.', { kind: 'unauthorized' }));
    await waitFor(() =>
      expect(status().textContent).toBe(`${OLD_URL}: The service rejected this API key.`),
    );
  });

  it('is marked once the address or key it tested is edited, and the next press is honoured', async () => {
    const { url, held } = await startSlowTest();
    await held[0]?.answer(connected(OLD_URL, 5));
    const answered = `Connected to ${OLD_URL}. Reports on the service: 5.`;
    await waitFor(() => expect(status().textContent).toBe(answered));

    type(keyBox(), NEW_KEY);
    await waitFor(() =>
      expect(status().textContent).toMatch(
        /^Connected to .*\. The Service URL or API key has changed since this test\./,
      ),
    );
    // Typed back as it was tested: the answer holds again.
    type(keyBox(), OLD_KEY);
    await waitFor(() => expect(status().textContent).toBe(answered));

    type(url, NEW_URL);
    await waitFor(() => expect(status().textContent).toMatch(/has changed since this test/));
    fireEvent.click(testButton());
    await waitFor(() => expect(held).toHaveLength(2));
    await held[1]?.answer(connected(NEW_URL, 6));
    await waitFor(() =>
      expect(status().textContent).toBe(`Connected to ${NEW_URL}. Reports on the service: 6.`),
    );
  });
});
