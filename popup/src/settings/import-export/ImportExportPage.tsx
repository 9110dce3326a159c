import { useEffect, useRef, useState } from 'react';
import type { ImportExportJson, TransferJson } from '../../../../api/src/transfer/contract';
import { getResource, postResource, ResourceError, sendFile } from '../../api';
import { BRAND } from '../../brand';
import { locale, t as main } from '../../i18n';
import type { ViewerData } from '../../types';
import { t } from './messages';

/** How often the page asks how an import or export is getting on while one runs. */
export const POLL_MS = 1000;

/** The page's words for the server's refusals (api/src/lib/errors.contract.ts, codes 380-388): every one translated. */
const REFUSALS: Record<number, () => string> = {
  380: () => t('unknownFormat', { brand: BRAND }),
  381: () => t('invalid'),
  382: () => t('tooLarge'),
  383: () => t('empty'),
  384: () => t('unsafe'),
  385: () => t('tooMany'),
  386: () => t('busy'),
  33: () => t('tooLarge'),
  231: () => t('tooLarge'),
};

const refusal = (error: unknown, fallback: () => string) => {
  const code = error instanceof ResourceError ? error.code : -1;
  return (REFUSALS[code] ?? fallback)();
};

const running = (job: TransferJson | null | undefined) => job?.status === 'queued' || job?.status === 'running';
const megabytes = (bytes: number) => new Intl.NumberFormat(locale(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
const count = (n: number) => new Intl.NumberFormat(locale()).format(n);

/** Sends the file itself as the body (api/src/transfer/routes.ts); the answer is the import, queued. */
const sendImport = (file: File) => sendFile('/v3/imports/', file);

/** /settings/import-export/: export everything as a ZIP, import a bookmarks file, a Pinterest export or our ZIP. */
export function ImportExportPage({ viewer }: { viewer: ViewerData | null }) {
  const [state, setState] = useState<ImportExportJson | null>(null);
  const [problem, setProblem] = useState<{ area: 'import' | 'export'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const signedIn = viewer?.type === 'AUTH';

  const refresh = () => getResource('ImportExportResource').then(setState, () => undefined);
  useEffect(() => {
    if (signedIn) void refresh();
  }, [signedIn]);
  // While one runs, its progress is asked for every POLL_MS.
  useEffect(() => {
    if (!running(state?.import) && !running(state?.export)) return;
    const timer = setTimeout(() => void refresh(), POLL_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (!viewer) return <p class="muted">{main('common.loading')}</p>;
  if (!signedIn) {
    return (
      <main class="settings">
        <h1>{t('title')}</h1>
        <p>
          {t('logIn')} <a href={`/login?next=${encodeURIComponent('/settings/import-export/')}`}>{main('auth.logIn')}</a>
        </p>
      </main>
    );
  }

  const startExport = async () => {
    setProblem(null);
    try {
      const started = await postResource('ExportResource', 'create', {});
      setState((s) => ({ import: s?.import ?? null, export: started }));
    } catch (error) {
      setProblem({ area: 'export', text: refusal(error, () => t('exportFailed')) });
    }
  };

  const startImport = async (event: Event) => {
    event.preventDefault();
    setProblem(null);
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setProblem({ area: 'import', text: t('noFile') });
      return;
    }
    setSending(true);
    try {
      const started = await sendImport(chosen);
      setState((s) => ({ export: s?.export ?? null, import: started }));
      if (file.current) file.current.value = '';
    } catch (error) {
      setProblem({ area: 'import', text: refusal(error, () => t('importFailed')) });
    } finally {
      setSending(false);
    }
  };

  const exported = state?.export ?? null;
  const imported = state?.import ?? null;
  const busy = running(exported) || running(imported) || sending;

  return (
    <main class="settings import-export">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>

      <section aria-labelledby="export-title">
        <h2 id="export-title">{t('exportTitle')}</h2>
        <p>{t('exportIntro')}</p>
        <button class="primary" type="button" onClick={startExport} disabled={busy}>
          {t('exportStart')}
        </button>
        {running(exported) && exported && (
          <div class="transfer-progress">
            <progress aria-label={t('exportProgress')} max={Math.max(1, exported.total)} value={exported.done} />
            <p role="status">
              {exported.status === 'queued' ? t('exportQueued') : t('exportWorking', { done: count(exported.done), total: count(exported.total) })}
            </p>
          </div>
        )}
        {exported?.status === 'done' && exported.download_url && (
          <p role="status">
            {t('exportReady')}{' '}
            <a href={exported.download_url} download>
              {t('download', { size: megabytes(exported.bytes ?? 0) })}
            </a>
          </p>
        )}
        {exported?.status === 'failed' && <p role="alert">{t('exportFailed')}</p>}
        {problem?.area === 'export' && <p role="alert">{problem.text}</p>}
      </section>

      <section aria-labelledby="import-title">
        <h2 id="import-title">{t('importTitle')}</h2>
        <p>{t('importIntro', { brand: BRAND })}</p>
        <form onSubmit={startImport}>
          <label for="import-file">{t('chooseFile')}</label>
          <input id="import-file" ref={file} type="file" accept=".html,.htm,.csv,.json,.zip,text/html,text/csv,application/json,application/zip" />
          <button class="primary" type="submit" disabled={busy}>
            {t('importStart')}
          </button>
        </form>
        {sending && <p role="status">{t('sending')}</p>}
        {running(imported) && imported && (
          <div class="transfer-progress">
            <progress aria-label={t('importProgress')} max={Math.max(1, imported.total)} value={imported.done} />
            <p role="status">
              {imported.status === 'queued' ? t('importQueued') : t('importWorking', { done: count(imported.done), total: count(imported.total) })}
            </p>
          </div>
        )}
        {imported?.status === 'done' && (
          <p role="status">
            {t('importDone', { total: count(imported.total) })} <a href={`/${viewer.type === 'AUTH' ? viewer.user.username : ''}/`}>{t('seeBoards')}</a>
          </p>
        )}
        {imported?.status === 'failed' && <p role="alert">{(REFUSALS[imported.error_code ?? -1] ?? (() => t('importFailed')))()}</p>}
        {problem?.area === 'import' && <p role="alert">{problem.text}</p>}
      </section>
    </main>
  );
}
