/**
 * capsem-inspect decisions <path> [--event EVENT_ID] [--json]
 * Every denied, asked and redirected event of a session, grouped by the rule that decided it (core/decisions); with
 * --event, the chain of one event: its rule matches, decisions, asks and its own row, in order. The ledger is read
 * from its private scratch copy; nothing is written to the evidence folder. Exit 0 on success, 1 when a read of the
 * opened ledger fails or no row carries the event id, 2 when it cannot be opened or on a usage error.
 */
import type { CliIo } from '../io.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { decisionsReport } from '../../main/core/decisions/decisions-report.js';
import { eventChain } from '../../main/core/decisions/event-chain.js';
import { toFailure } from '../../shared/errors.js';
import { jsonText } from '../../shared/json-text.js';
import { invalid, parseCommandArgs } from '../args.js';
import { renderDecisionsReport } from '../text/decisions-report.js';
import { renderEventChain } from '../text/event-chain.js';
import { terminalSafe } from '../text/grep-lines.js';
import { argsOrExit } from '../usage.js';

export const DECISIONS_USAGE =
  'usage: capsem-inspect decisions <path> [--event EVENT_ID] [--json]\n' +
  '  every denied, asked and redirected event, grouped by rule, with counts per action\n' +
  '  --event: everything the ledger records for one event id (rule matches, decisions, asks, the event row)\n';

const FLAGS = {
  json: { takes: 'nothing' },
  event: { takes: 'value', read: (v: string | undefined, flag: string) => v || invalid(`${flag} needs an event id`) },
} as const;

interface DecisionsArgs {
  readonly path: string;
  readonly event: string | undefined;
  readonly json: boolean;
}

export function parseDecisionsArgs(args: readonly string[]): DecisionsArgs | string {
  const parsed = parseCommandArgs(args, FLAGS, { single: true });
  if (typeof parsed === 'string') return parsed;
  const [path] = parsed.positionals;
  if (path === undefined) return 'the ledger path is required (a session folder or session.db)';
  return { path, event: parsed.flags.event, json: parsed.flags.json };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'decisions', usage: DECISIONS_USAGE, helpAnywhere: true }, parseDecisionsArgs);
  if (typeof parsed === 'number') return parsed;
  // The archive is not read: bodies are only named by their index rows, so hashing it would cost a read for nothing.
  const opened = await openEvidence([parsed.path], { hashArchive: false });
  if (!opened.ok) {
    io.stderr(
      `capsem-inspect decisions: cannot open ${terminalSafe(parsed.path)} (${opened.error.code}): ${terminalSafe(opened.error.message)}\n`,
    );
    return 2;
  }
  const evidence = opened.value;
  const session = { id: evidence.sessionId, dir: evidence.input.dir };
  try {
    if (parsed.event !== undefined) {
      const chain = eventChain(evidence.db, parsed.event);
      if (chain.entries.length === 0) {
        io.stderr(`capsem-inspect decisions: no row of this ledger carries event id ${terminalSafe(parsed.event)}\n`);
        return 1;
      }
      io.stdout(
        parsed.json
          ? jsonText({ session, generation: evidence.generation, ...chain }) + '\n'
          : renderEventChain(evidence.sessionId, evidence.input.dbPath, chain, io.isTty),
      );
      return 0;
    }
    const report = decisionsReport(evidence.db);
    io.stdout(
      parsed.json
        ? jsonText({ session, generation: evidence.generation, ...report }) + '\n'
        : renderDecisionsReport(evidence.sessionId, evidence.input.dbPath, report, io.isTty),
    );
    return 0;
  } catch (error) {
    // A query failing on a damaged page (SQLITE_CORRUPT) is a failed read of the ledger, not a usage problem.
    const f = toFailure(error);
    io.stderr(`capsem-inspect decisions: ${f.code}: ${terminalSafe(f.message)}\n`);
    return 1;
  } finally {
    evidence.close();
  }
}
