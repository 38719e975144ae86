/** The host ledger's chain status, read first: intact, or broken with every break listed; and the tail caveat. */
import type { LibraryChain } from '../../../../shared/contract/library.js';
import { visibleText } from '../../components/visible-text.js';
import { countLabel } from '../../components/format.js';

export function ChainBanner({ chain }: { chain: LibraryChain }) {
  return (
    <section className={`card chain-banner ${chain.intact ? 'intact' : 'broken'}`} data-testid="chain-banner" data-intact={chain.intact}>
      <div className="chain-head">
        <span className={`verdict ${chain.intact ? 'intact' : 'damaged'}`}>{chain.intact ? 'chain intact' : 'chain broken'}</span>
        <span className="chain-summary">{visibleText(chain.summary)}</span>
      </div>
      <div className="chain-facts muted">
        {countLabel(chain.events)} events · intact up to event {countLabel(chain.intactPrefix)}
        {chain.head && (
          <>
            {' '}
            · head{' '}
            <span className="mono" title={chain.head}>
              {chain.head.slice(0, 16)}…
            </span>
          </>
        )}{' '}
        · tail {chain.tail === 'anchored' ? 'checked against an outside anchor' : 'unverifiable without an outside anchor'}
      </div>
      {chain.breaks.length > 0 && (
        <table className="mini chain-breaks">
          <thead>
            <tr>
              <th>event #</th>
              <th>row id</th>
              <th>break</th>
              <th>what is wrong</th>
            </tr>
          </thead>
          <tbody>
            {chain.breaks.map((b) => (
              <tr key={`${b.index}-${b.kind}`}>
                <td className="num">{b.index}</td>
                <td className="num">{b.id}</td>
                <td>{b.kind === 'link' ? 'link (prev_hash)' : 'hash'}</td>
                <td>{visibleText(b.message)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {chain.anchorFindings.length > 0 && (
        <ul className="notes">
          {chain.anchorFindings.map((f, i) => (
            <li key={i}>{visibleText(f)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
