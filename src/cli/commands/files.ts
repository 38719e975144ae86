/**
 * capsem-inspect files <path> [--path P] [--json]
 * Every path the session's file events name (changes, first and last seen, last action), or with --path one path's
 * changes in time order, each with the cause the ledger records: the tool call of its trace that names the path, the
 * trace alone, or not recorded (core/file-history). The ledger is read from its private scratch copy; nothing is
 * written to the evidence folder. Exit 0 on success, 1 when --path names a path the session never touched or a read
 * of the opened ledger fails, 2 when it cannot be opened or on a usage error.
 */
import type { CliIo } from '../io.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { fileHistory } from '../../main/core/file-history/history.js';
import { filePaths } from '../../main/core/file-history/paths.js';
import { toFailure } from '../../shared/errors.js';
import { jsonText } from '../../shared/json-text.js';
import { invalid, parseCommandArgs } from '../args.js';
import { renderFileHistory, renderFilePaths } from '../text/files-report.js';
import { terminalSafe } from '../text/grep-lines.js';
import { argsOrExit } from '../usage.js';

export const FILES_USAGE =
  'usage: capsem-inspect files <path> [--path P] [--json]\n' +
  '  every path the agent touched: changes, first and last seen, last action; overflow windows\n' +
  "  --path: that path's changes in time order, each with its turn, trace and cause (the tool call naming it, the trace, or not recorded)\n";

const FLAGS = {
  json: { takes: 'nothing' },
  path: { takes: 'value', read: (v: string | undefined, flag: string) => v || invalid(`${flag} needs a path`) },
} as const;

interface FilesArgs {
  readonly ledger: string;
  readonly path: string | undefined;
  readonly json: boolean;
}

export function parseFilesArgs(args: readonly string[]): FilesArgs | string {
  const parsed = parseCommandArgs(args, FLAGS, { single: true });
  if (typeof parsed === 'string') return parsed;
  const [ledger] = parsed.positionals;
  if (ledger === undefined) return 'the ledger path is required (a session folder or session.db)';
  return { ledger, path: parsed.flags.path, json: parsed.flags.json };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'files', usage: FILES_USAGE, helpAnywhere: true }, parseFilesArgs);
  if (typeof parsed === 'number') return parsed;
  // The archive is not read: bodies are only pointed to by their index rows, so hashing it would cost a read for nothing.
  const opened = await openEvidence([parsed.ledger], { hashArchive: false });
  if (!opened.ok) {
    io.stderr(
      `capsem-inspect files: cannot open ${terminalSafe(parsed.ledger)} (${opened.error.code}): ${terminalSafe(opened.error.message)}\n`,
    );
    return 2;
  }
  const evidence = opened.value;
  const session = { id: evidence.sessionId, dir: evidence.input.dir };
  try {
    if (parsed.path !== undefined) {
      const history = fileHistory(evidence.db, parsed.path);
      if (history === null) {
        io.stderr(`capsem-inspect files: the session never touched ${terminalSafe(parsed.path)} (no fs_events row names it)\n`);
        return 1;
      }
      io.stdout(
        parsed.json
          ? jsonText({ session, generation: evidence.generation, ...history }) + '\n'
          : renderFileHistory(evidence.sessionId, evidence.input.dbPath, history, io.isTty),
      );
      return 0;
    }
    const report = filePaths(evidence.db);
    io.stdout(
      parsed.json
        ? jsonText({ session, generation: evidence.generation, ...report }) + '\n'
        : renderFilePaths(evidence.sessionId, evidence.input.dbPath, report, io.isTty),
    );
    return 0;
  } catch (error) {
    // A query failing on a damaged page (SQLITE_CORRUPT) is a failed read of the ledger, not a usage problem.
    const f = toFailure(error);
    io.stderr(`capsem-inspect files: ${f.code}: ${terminalSafe(f.message)}\n`);
    return 1;
  } finally {
    evidence.close();
  }
}
