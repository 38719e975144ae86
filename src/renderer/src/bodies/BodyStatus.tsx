/** The line above a body: verified or still reading, how much is loaded, and why the view may show less. */
import { countLabel } from '../components/format.js';
import type { BodyMode } from '../router.js';
import type { BodyBytes } from './use-body-bytes.js';

export function BodyStatus(props: {
  bytes: BodyBytes;
  shown: BodyMode | null;
  /** The view decodes only its first `cutAt` bytes of a longer body; null when it shows all. */
  cutAt: number | null;
  problem: string | null;
  layingOut: boolean;
  /** The body picked its own view (none was asked for). */
  chosenByBody: boolean;
}) {
  const { bytes, shown } = props;
  return (
    <div className="body-status">
      {bytes.total !== null && (
        <span className="verified" title="read back through its segment and body hashes before any byte was sent">
          ✓ verified ·{' '}
        </span>
      )}
      {bytes.total === null ? 'reading and verifying…' : `${countLabel(bytes.loaded)} of ${countLabel(bytes.total)} bytes loaded`}
      {bytes.truncated && bytes.originalBytes !== null && (
        <span className="warn"> · truncated by the recorder: {countLabel(bytes.originalBytes)} bytes originally</span>
      )}
      {props.cutAt !== null && <span className="warn"> · this view decodes the first {props.cutAt / 1048576} MiB only</span>}
      {props.problem && <span className="warn"> · {props.problem}</span>}
      {props.layingOut && <span className="muted"> · laying out…</span>}
      {props.chosenByBody && shown && (
        <span className="muted" data-chosen-by="body">
          {' '}
          · opened as {shown} from the body itself
        </span>
      )}
    </div>
  );
}
