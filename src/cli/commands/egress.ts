/**
 * capsem-inspect egress <path> [--secrets] [--json] [--workers N]
 * Where a session's network requests went: one row per destination (domain, port) with requests, bytes, decisions,
 * credentials, processes, traces, turns, first and last seen and resolved addresses (core/egress); with --secrets, also
 * the credential-shaped strings found in each destination's verified bodies and columns. The ledger is read
 * from its private scratch copy; nothing is written to the evidence folder. Exit 0 on success, 1 when a read of the
 * opened ledger fails (a damaged page), 2 when it cannot be opened or on a usage error.
 */
import type { CliIo } from '../io.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { scanSecrets } from '../../main/core/check/secrets-section.js';
import { egressReport } from '../../main/core/egress/egress-report.js';
import { withSecretFlags } from '../../main/core/egress/secret-flags.js';
import { toFailure } from '../../shared/errors.js';
import { jsonText } from '../../shared/json-text.js';
import { digitsNumber, parseCommandArgs } from '../args.js';
import { renderEgressReport } from '../text/egress-report.js';
import { printable } from '../text/style.js';
import { argsOrExit } from '../usage.js';

export const EGRESS_USAGE =
  'usage: capsem-inspect egress <path> [--secrets] [--json] [--workers N]\n' +
  '  one row per destination (domain, port): requests, bytes, decisions, credentials, processes, traces, addresses\n' +
  '  ! marks a destination that received a credential whose provider is another host\n' +
  '  --secrets verifies and searches every body and text column for credential-shaped strings (one read of the\n' +
  '    archive) and marks * each destination whose exchanges carried some, with how they went\n';

const FLAGS = {
  json: { takes: 'nothing' },
  secrets: { takes: 'nothing' },
  workers: { takes: 'value', read: digitsNumber(() => '--workers needs a whole number of at least 1', 1) },
} as const;

interface EgressArgs {
  readonly path: string;
  readonly json: boolean;
  readonly secrets: boolean;
  readonly workers: number | undefined;
}

export function parseEgressArgs(args: readonly string[]): EgressArgs | string {
  const parsed = parseCommandArgs(args, FLAGS, { single: true });
  if (typeof parsed === 'string') return parsed;
  const [path] = parsed.positionals;
  if (path === undefined) return 'the ledger path is required (a session folder or session.db)';
  return { path, json: parsed.flags.json, secrets: parsed.flags.secrets, workers: parsed.flags.workers };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'egress', usage: EGRESS_USAGE, helpAnywhere: true }, parseEgressArgs);
  if (typeof parsed === 'number') return parsed;
  // Without --secrets the archive is not read: hashing it would cost a full read for a report made of rows alone.
  const opened = await openEvidence([parsed.path], { hashArchive: parsed.secrets });
  if (!opened.ok) {
    io.stderr(`capsem-inspect egress: cannot open ${printable(parsed.path)} (${opened.error.code}): ${printable(opened.error.message)}\n`);
    return 2;
  }
  const evidence = opened.value;
  try {
    const rows = egressReport(evidence.db);
    const report = parsed.secrets
      ? withSecretFlags(rows, await scanSecrets(evidence, parsed.workers === undefined ? {} : { workers: parsed.workers }))
      : rows;
    io.stdout(
      parsed.json
        ? jsonText({ session: { id: evidence.sessionId, dir: evidence.input.dir }, generation: evidence.generation, ...report }) + '\n'
        : renderEgressReport(evidence.sessionId, evidence.input.dbPath, report, io.isTty),
    );
    return 0;
  } catch (error) {
    // A query failing on a damaged page (SQLITE_CORRUPT) is a failed read of the ledger, not a usage problem.
    const f = toFailure(error);
    io.stderr(`capsem-inspect egress: ${f.code}: ${printable(f.message)}\n`);
    return 1;
  } finally {
    evidence.close();
  }
}
