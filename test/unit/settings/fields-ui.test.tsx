// @vitest-environment happy-dom
// The options page's field components on their own: names, the managed (locked) state, messages
// tied to their field, and the API key's Show / Hide / Remove.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressField, ServiceUrlField } from '../../../components/settings/AddressField';
import { ApiKeyField } from '../../../components/settings/ApiKeyField';
import { PrivacyPicker } from '../../../components/ui/PrivacyPicker';
import { CheckField } from '../../../entrypoints/options/App';

afterEach(cleanup);

const LOCKED = 'Set by your administrator.';

/** The texts an element points at with aria-describedby. */
function descriptions(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('AddressField', () => {
  const props = { label: 'Report site address', hint: 'Where reports show.', value: '' };

  it.each([
    ['plain', false, undefined, ['Where reports show.']],
    ['locked', true, undefined, ['Where reports show.', LOCKED]],
    ['with an error', false, 'Not an address.', ['Where reports show.', 'Not an address.']],
  ])('is described by its notes when %s', (_name, locked, error, texts) => {
    render(<AddressField {...props} locked={locked} error={error} onInput={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Report site address' }) as HTMLInputElement;
    expect(descriptions(box)).toEqual(texts);
    expect(box.disabled).toBe(locked);
    expect(box.getAttribute('aria-invalid')).toBe(error ? 'true' : null);
  });

  it('hands on what is typed', () => {
    const onInput = vi.fn();
    render(<AddressField {...props} locked={false} onInput={onInput} />);
    fireEvent.input(screen.getByRole('textbox'), { target: { value: 'https://x.example' } });
    expect(onInput).toHaveBeenCalledWith('https://x.example');
  });
});

describe('ServiceUrlField', () => {
  it('offers the suggested address and, once taken, puts the focus in the box', () => {
    const onAccept = vi.fn();
    const { rerender } = render(
      <ServiceUrlField
        value="https://r.example"
        locked={false}
        suggestion={null}
        onInput={vi.fn()}
        onAcceptSuggestion={onAccept}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <ServiceUrlField
        value="https://r.example"
        locked={false}
        suggestion="https://r.example/api/v1"
        onInput={vi.fn()}
        onAcceptSuggestion={onAccept}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use https://r.example/api/v1' }));
    expect(onAccept).toHaveBeenCalledWith('https://r.example/api/v1');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Service URL' }));
  });
});

describe('ApiKeyField', () => {
  const keyBox = () => screen.getByLabelText('API key') as HTMLInputElement;
  const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

  it('masks the key until asked', () => {
    render(<ApiKeyField value="k-1" onInput={vi.fn()} onRemove={vi.fn()} />);
    expect(keyBox().type).toBe('password');
    click('Show key');
    expect(keyBox().type).toBe('text');
    expect(keyBox().value).toBe('k-1');
    click('Hide key');
    expect(keyBox().type).toBe('password');
  });

  it('cannot remove a key that is not there', () => {
    render(<ApiKeyField value="" onInput={vi.fn()} onRemove={vi.fn()} />);
    expect((screen.getByRole('button', { name: 'Remove key' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it.each([
    ['Cancel', false, false, 'text'],
    ['Remove key', true, true, 'password'],
    ['Remove key', true, false, 'text'],
  ])('asks first; %s (removed: %s) leaves the key %s', async (button, asked, removed, type) => {
    const onRemove = vi.fn(() => Promise.resolve(removed));
    render(<ApiKeyField value="k-1" onInput={vi.fn()} onRemove={onRemove} />);
    click('Show key');
    click('Remove key');
    expect(onRemove).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Remove the API key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRemove).toHaveBeenCalledTimes(asked ? 1 : 0);
    await waitFor(() => expect(keyBox().type).toBe(type));
  });

  it('ties its error to the box', () => {
    render(<ApiKeyField value="a b" error="Bad key." onInput={vi.fn()} onRemove={vi.fn()} />);
    expect(keyBox().getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(keyBox())).toContain('Bad key.');
  });
});

describe('CheckField', () => {
  it.each([false, true])('locked: %s', (locked) => {
    const onChange = vi.fn();
    render(<CheckField label="Notify" checked locked={locked} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Notify' }) as HTMLInputElement;
    expect(box.disabled).toBe(locked);
    expect(descriptions(box)).toEqual(locked ? [LOCKED] : []);
    if (!locked) {
      fireEvent.click(box);
      expect(onChange).toHaveBeenCalledWith(false);
    }
  });
});

describe('PrivacyPicker', () => {
  it('keeps the popup’s use: "Privacy", enabled, no notes', () => {
    const onChange = vi.fn();
    render(<PrivacyPicker value={0} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Privacy' });
    expect(group.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(within(group).getByRole('radio', { name: 'Password' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows the administrator’s lock and a hint, tied to the group', () => {
    render(
      <PrivacyPicker
        label="Default privacy"
        value={2}
        locked
        hint="Asks for the password."
        error="Refused."
        onChange={vi.fn()}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Default privacy' });
    expect(descriptions(group)).toEqual([LOCKED, 'Asks for the password.', 'Refused.']);
    for (const radio of within(group).getAllByRole('radio')) {
      expect((radio as HTMLInputElement).disabled).toBe(true);
    }
  });
});
