/**
 * "Export case…" (issue 39): the case handed on from the app as one .zip (case.export), the folder `capsem-inspect
 * case export` writes: the tagged rows, their verified bodies or ranges, the notes, HTML to read, JSON to process
 * and a receipt `case verify` re-checks. Credentials are masked unless the reviewer asks by name for them.
 */
import { useState } from 'react';
import type { Failure } from '../../../../shared/errors.js';
import { client } from '../../api/client.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { bytesLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { downloadBlob } from '../../components/click-download.js';
import { plural } from '../../../../shared/plural.js';

function download(base64: string, fileName: string): void {
  downloadBlob(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'application/zip' }), fileName);
}

export function CaseExport(props: { ev: string; items: number }) {
  const [unredacted, setUnredacted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<Failure | null>(null);
  const run = async (): Promise<void> => {
    setBusy(true);
    setDone(null);
    setError(null);
    const r = await client.call('case.export', { evidenceId: props.ev, ...(unredacted ? { unredacted: true } : {}) });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    download(r.value.base64, r.value.fileName);
    setDone(
      `${r.value.fileName}: ${plural(r.value.items, 'item')}, ${bytesLabel(r.value.bytes)}, ` +
        (r.value.redacted ? 'credentials masked' : 'UNREDACTED: credentials as recorded'),
    );
  };
  return (
    <div className="case-export" data-case-export={busy ? 'busy' : done ? 'done' : 'idle'}>
      <button type="button" className="primary" disabled={busy || props.items === 0} onClick={() => void run()}>
        {busy ? 'Exporting…' : 'Export case…'}
      </button>
      <label className="case-unredacted">
        <input type="checkbox" checked={unredacted} onChange={(e) => setUnredacted(e.target.checked)} /> unredacted (credentials as
        recorded)
      </label>
      {done && (
        <p className="muted" data-case-exported="true">
          {visibleText(done)}. Unpacked, it is checked again with <code>capsem-inspect case verify FOLDER [EVIDENCE]</code>.
        </p>
      )}
      {error && <ErrorNote error={error} />}
    </div>
  );
}
