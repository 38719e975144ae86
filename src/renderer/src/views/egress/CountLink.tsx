/**
 * One count of the Egress table: a link to the rows it counts when there are any, the bare number at zero, and
 * "not recorded" when the ledger has no column for it (never a zero it did not write).
 */
import { countLabel } from '../../components/format.js';
import type { Route } from '../../router.js';
import { href } from '../../router.js';

export function NotRecorded() {
  return <span className="muted not-recorded">not recorded</span>;
}

export function CountLink(props: { n: number | null; to: Route; what: string }) {
  const { n, to, what } = props;
  if (n === null) return <NotRecorded />;
  if (n === 0) return <span className="muted">0</span>;
  return (
    <a href={href(to)} data-count-link={what}>
      {countLabel(n)}
    </a>
  );
}
