/**
 * "Export WARC" on the Integrity view, in serve mode (the desktop app has File ▸ Export WARC…, which writes to a file
 * the user picks; a browser can only download). The click asks the server to export; the download is offered only
 * once the server re-read the written file and checked every record, with the facts the desktop's notice gives, so
 * the saved file can be checked against the digests the server measured.
 */
import { useCallback, useState } from 'react';
import type { ServedWarc } from '../../../../shared/contract/served-warc.js';
import { exportWarcOnServer } from '../../api/serve-warc.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { bytesLabel, countLabel } from '../../components/format.js';

export type WarcExportState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'exporting' }
  | { readonly phase: 'ready'; readonly warc: ServedWarc }
  | { readonly phase: 'failed'; readonly error: { code: string; message: string } };

export function useWarcExport(ev: string): { state: WarcExportState; start: () => void } {
  const [state, setState] = useState<WarcExportState>({ phase: 'idle' });
  const start = useCallback(() => {
    setState({ phase: 'exporting' });
    void exportWarcOnServer(ev).then((r) => setState(r.ok ? { phase: 'ready', warc: r.value } : { phase: 'failed', error: r.error }));
  }, [ev]);
  return { state, start };
}

export function ExportWarcButton({ state, start }: { state: WarcExportState; start: () => void }) {
  return (
    <button
      type="button"
      data-testid="export-warc"
      disabled={state.phase === 'exporting'}
      title="Write this session's bodies as a WARC on the server, re-read and check it, then offer it for download"
      onClick={start}
    >
      {state.phase === 'exporting' ? 'Exporting WARC…' : 'Export WARC'}
    </button>
  );
}

/** What the export did; the download link appears only with a verified file. */
export function WarcExportStatus({ state }: { state: WarcExportState }) {
  if (state.phase === 'idle') return null;
  return (
    <div className="verify warc-export" data-warc-state={state.phase}>
      {state.phase === 'exporting' && (
        <p className="muted">Writing the WARC on the server; the download is offered once the file was re-read and every record checked.</p>
      )}
      {state.phase === 'failed' && <ErrorNote error={state.error} />}
      {state.phase === 'ready' && <ReadyWarc warc={state.warc} />}
    </div>
  );
}

function ReadyWarc({ warc }: { warc: ServedWarc }) {
  const skipped =
    warc.skipped === 0 ? 'none skipped' : `${countLabel(warc.skipped)} skipped (the closing warcinfo record gives the reasons)`;
  return (
    <>
      <p>
        {/* Said in full: the page's own verification may still be running, and this export did not wait for it. */}
        <strong className="good">WARC ready</strong>: {countLabel(warc.resourceRecords)} of {countLabel(warc.indexRows)} bodies, each
        checked against its hash as it was written, {skipped}; {bytesLabel(warc.fileBytes)}, re-read with every record checked. Block
        digests {warc.digestAlgorithm}.
      </p>
      <a href={warc.url} download={warc.fileName} data-testid="warc-download">
        Download {warc.fileName}
      </a>
      <p className="muted">
        SHA-256 <span className="mono">{warc.fileSha256}</span> · BLAKE3 <span className="mono">{warc.fileBlake3}</span>
      </p>
    </>
  );
}
