/** Open evidence: what is already open, the bundled sample, the drop zone and pickers that open the same way. */
import { useRef, useState } from 'react';
import type { DroppedUpload } from '../api/transport.js';
import { collectPicked } from '../components/dropped-files.js';
import { client } from '../api/client.js';
import { useApp } from '../app-context.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { href, navigate } from '../router.js';
import { visibleText } from '../components/visible-text.js';
import { copyLabel } from '../components/copy-label.js';
import { VerdictBadge } from '../components/VerdictBadge.js';
import { useVerdict } from '../api/use-verdict.js';

/** Each copy's own verdict: two copies of one session differ here first when one of them is damaged. */
function CopyVerdict(props: { ev: string }) {
  return <VerdictBadge ev={props.ev} verdict={useVerdict(props.ev)} />;
}

/** A folder picker: the attribute React's types do not name, given as it is written in HTML. */
const FOLDER_PICKER = { webkitdirectory: '' } as Record<string, string>;

export function StartView(props: {
  dropError: { code: string; message: string } | null;
  dropping: boolean;
  onPick: (collected: Promise<{ files: DroppedUpload[]; folder: string | null }>) => void;
}) {
  const { evidence, refreshEvidence } = useApp();
  const folderInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const picked = (list: FileList | null): void => {
    if (list && list.length > 0) props.onPick(Promise.resolve(collectPicked(list)));
  };
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const openSample = async (): Promise<void> => {
    const r = await client.call('evidence.openSample', null);
    if (!r.ok) return setError(r.error);
    refreshEvidence();
    navigate({ view: 'overview', ev: r.value.id });
  };
  return (
    <div className="start">
      <section className="card">
        <h2>Open a session ledger</h2>
        <div className={props.dropping ? 'dropzone busy' : 'dropzone'} data-testid="dropzone">
          <p>
            <strong>Drop a session folder here</strong> (or its files: <code>session.db</code>, <code>session.db-wal</code>,{' '}
            <code>session.bodies</code>).
          </p>
          <p className="muted">
            {client.kind === 'http'
              ? 'The files are copied into a private scratch folder on this machine and opened from there; the originals are never written.'
              : 'The evidence is copied to a private scratch folder and opened read-only; the originals are never written.'}
          </p>
          {client.kind === 'http' && (
            <p className="muted">
              To open a folder in place, start <code>capsem-inspect serve &lt;path&gt;</code>.
            </p>
          )}
          {/* The same from the keyboard: buttons that open the system's picker, read as a drop is. */}
          <p className="pickers">
            <button type="button" onClick={() => folderInput.current?.click()} disabled={props.dropping}>
              Choose a session folder…
            </button>{' '}
            <button type="button" onClick={() => filesInput.current?.click()} disabled={props.dropping}>
              Choose files…
            </button>
          </p>
          <input
            ref={folderInput}
            type="file"
            hidden
            multiple
            data-testid="pick-folder"
            {...FOLDER_PICKER}
            onChange={(e) => picked(e.target.files)}
          />
          <input ref={filesInput} type="file" hidden multiple data-testid="pick-files" onChange={(e) => picked(e.target.files)} />
        </div>
        {props.dropError && <ErrorNote error={props.dropError} />}
        {error && <ErrorNote error={error} />}
        <p>
          <button type="button" className="primary" onClick={() => void openSample()}>
            Open the sample ledger
          </button>
        </p>
      </section>
      <section className="card">
        <h2>Open evidence</h2>
        {evidence.length === 0 ? (
          <p className="muted">Nothing open yet.</p>
        ) : (
          <table className="mini evidence-list">
            <thead>
              <tr>
                <th>session id</th>
                <th>display name</th>
                <th>copy</th>
                <th>verdict</th>
                <th>generation</th>
                <th>from</th>
                <th>opened</th>
              </tr>
            </thead>
            <tbody>
              {evidence.map((e) => (
                <tr key={e.id}>
                  <td className="mono">
                    <a href={href({ view: 'overview', ev: e.id })}>{visibleText(e.sessionId)}</a>
                  </td>
                  <td>{e.displayName !== null ? visibleText(e.displayName) : <span className="muted">—</span>}</td>
                  <td className="mono copy" title={e.copy?.dbSha256 ?? undefined}>
                    {e.copy ? visibleText(copyLabel(e)) : <span className="muted">—</span>}
                  </td>
                  <td className="verdict-cell">
                    <CopyVerdict ev={e.id} />
                  </td>
                  <td>
                    {e.generation ?? 'unknown'}
                    {e.unreadable && <span className="sev error"> · SQLite cannot read it</span>}
                  </td>
                  <td>{visibleText(e.origin)}</td>
                  <td className="mono">{e.openedAt.replace('T', ' ').slice(0, 19)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
