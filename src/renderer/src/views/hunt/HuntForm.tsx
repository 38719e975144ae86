/**
 * The hunt's question: any number of indicators, each a kind and a value (as the CLI's flags), and an optional time
 * window. The core checks every value and compiles every pattern; its refusal is shown as the form's error.
 */
import { useState } from 'react';
import type { HuntIndicatorArg, HuntKind, HuntStartArg } from '../../../../shared/contract/hunt.js';
import { HUNT_KINDS } from '../../../../shared/contract/hunt.js';

const LABELS: Record<HuntKind, string> = {
  fixed: 'Text (-F)',
  regex: 'Regex (-E)',
  secrets: 'Secrets',
  domain: 'Domain',
  'body-hash': 'Body hash',
  ip: 'IP / CIDR',
  path: 'Path glob',
  'credential-ref': 'Credential ref',
  process: 'Process',
};

const HINTS: Record<HuntKind, string> = {
  fixed: 'a string in verified bodies and text columns',
  regex: 'a linear-time regular expression',
  secrets: 'credential-shaped values (no value needed)',
  domain: 'example.com (and every name under it)',
  'body-hash': 'blake3:… (64 hex digits)',
  ip: '10.0.0.0/8 or 2001:db8::1',
  path: '/workspace/** (* within a segment, ** across)',
  'credential-ref': 'credential:blake3:…',
  process: 'curl',
};

interface Row {
  readonly key: number;
  readonly kind: HuntKind;
  readonly value: string;
  readonly ignoreCase: boolean;
}

const argOf = (r: Row): HuntIndicatorArg =>
  r.kind === 'secrets'
    ? { kind: 'secrets' }
    : { kind: r.kind, value: r.value.trim(), ...((r.kind === 'fixed' || r.kind === 'regex') && r.ignoreCase ? { ignoreCase: true } : {}) };

export function HuntForm(props: { running: boolean; onRun: (arg: Omit<HuntStartArg, 'libraryId'>) => void; onCancel: () => void }) {
  const [rows, setRows] = useState<Row[]>([{ key: 0, kind: 'fixed', value: '', ignoreCase: false }]);
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const set = (key: number, patch: Partial<Row>): void => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const ready = rows.every((r) => r.kind === 'secrets' || r.value.trim() !== '');
  const run = (): void => {
    if (!ready || props.running) return;
    props.onRun({
      indicators: rows.map(argOf),
      ...(since.trim() ? { since: since.trim() } : {}),
      ...(until.trim() ? { until: until.trim() } : {}),
    });
  };
  return (
    <form
      className="hunt-form"
      data-testid="hunt-form"
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
    >
      {rows.map((r, i) => (
        <div className="hunt-indicator" key={r.key} data-testid="hunt-indicator">
          <select aria-label={`indicator ${i + 1} kind`} value={r.kind} onChange={(e) => set(r.key, { kind: e.target.value as HuntKind })}>
            {HUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {LABELS[k]}
              </option>
            ))}
          </select>
          <input
            aria-label={`indicator ${i + 1} value`}
            className="mono"
            value={r.kind === 'secrets' ? '' : r.value}
            disabled={r.kind === 'secrets'}
            placeholder={HINTS[r.kind]}
            onChange={(e) => set(r.key, { value: e.target.value })}
          />
          {(r.kind === 'fixed' || r.kind === 'regex') && (
            <label className="muted">
              <input type="checkbox" checked={r.ignoreCase} onChange={(e) => set(r.key, { ignoreCase: e.target.checked })} /> ignore case
            </label>
          )}
          {rows.length > 1 && (
            <button
              type="button"
              aria-label={`remove indicator ${i + 1}`}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
            >
              ×
            </button>
          )}
        </div>
      ))}
      <div className="hunt-form-foot">
        <button
          type="button"
          onClick={() =>
            setRows((rs) => [...rs, { key: Math.max(...rs.map((x) => x.key)) + 1, kind: 'fixed', value: '', ignoreCase: false }])
          }
        >
          + Add indicator
        </button>
        <label>
          since{' '}
          <input
            aria-label="since"
            className="mono"
            value={since}
            placeholder="2026-03-02 or …T14:50:00Z"
            onChange={(e) => setSince(e.target.value)}
          />
        </label>
        <label>
          until{' '}
          <input
            aria-label="until"
            className="mono"
            value={until}
            placeholder="2026-03-02 or …T15:00:00Z"
            onChange={(e) => setUntil(e.target.value)}
          />
        </label>
        <span className="spacer" />
        {props.running ? (
          <button type="button" className="danger" data-testid="hunt-cancel" onClick={props.onCancel}>
            Cancel
          </button>
        ) : (
          <button type="submit" className="primary" data-testid="hunt-run" disabled={!ready}>
            Run hunt
          </button>
        )}
      </div>
    </form>
  );
}
