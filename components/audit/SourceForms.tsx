// Where Add pages' addresses come from: a sitemap address, a pasted list, or a .txt/.csv file.
import { useId, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';

export interface SourceFormsProps {
  busy: boolean;
  /** A sitemap is being read: its Cancel is shown. */
  readingSitemap: boolean;
  onCancel: () => void;
  /** Called in the submit itself (host access is asked for before anything is awaited). */
  onSitemap: (address: string) => void;
  /** The typed sitemap address settled (its access is looked up ahead of the click). */
  onSitemapTyped: (address: string) => void;
  onList: (text: string) => void;
  onFile: (file: File) => void;
}

export function SourceForms({
  busy,
  readingSitemap,
  onCancel,
  onSitemap,
  onSitemapTyped,
  onList,
  onFile,
}: SourceFormsProps) {
  const id = useId();
  const addressBox = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [list, setList] = useState('');
  return (
    <div class="audit-sources">
      <form
        class="stack"
        aria-labelledby={`${id}-sitemap`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && address.trim()) onSitemap(address);
        }}
      >
        <h2 id={`${id}-sitemap`}>{t('audit_fromSitemap')}</h2>
        <div class="field">
          <label for={`${id}-address`}>{t('audit_sitemapAddress')}</label>
          <input
            id={`${id}-address`}
            ref={addressBox}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellcheck={false}
            value={address}
            aria-describedby={`${id}-address-hint`}
            onInput={(event) => setAddress(event.currentTarget.value)}
            onChange={(event) => onSitemapTyped(event.currentTarget.value)}
          />
          <p class="hint" id={`${id}-address-hint`}>
            {t('audit_sitemapHint')}
          </p>
        </div>
        <div class="actions">
          <button type="submit" disabled={busy || !address.trim()}>
            {t('audit_readSitemap')}
          </button>
          {readingSitemap && (
            <button
              type="button"
              onClick={() => {
                onCancel();
                // The button goes with the read: focus stays in the form.
                addressBox.current?.focus();
              }}
            >
              {t('audit_cancel')}
            </button>
          )}
        </div>
      </form>
      <form
        class="stack"
        aria-labelledby={`${id}-list`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && list.trim()) onList(list);
        }}
      >
        <h2 id={`${id}-list`}>{t('audit_fromList')}</h2>
        <div class="field">
          <label for={`${id}-addresses`}>{t('audit_addresses')}</label>
          <textarea
            id={`${id}-addresses`}
            rows={5}
            spellcheck={false}
            value={list}
            aria-describedby={`${id}-addresses-hint`}
            onInput={(event) => setList(event.currentTarget.value)}
          />
          <p class="hint" id={`${id}-addresses-hint`}>
            {t('audit_addressesHint')}
          </p>
        </div>
        <div class="actions">
          <button type="submit" disabled={busy || !list.trim()}>
            {t('audit_readList')}
          </button>
        </div>
        <div class="field">
          <label for={`${id}-file`}>{t('audit_loadFile')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            disabled={busy}
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) onFile(file);
              event.currentTarget.value = '';
            }}
          />
          <p class="hint" id={`${id}-file-hint`}>
            {t('audit_fileHint')}
          </p>
        </div>
      </form>
    </div>
  );
}
