/** list and chain both start here: find the host ledger from a path or $CAPSEM_HOME and open a snapshot of it. */
import type { CliIo } from './io.js';
import type { ChainAnchor } from '../main/core/host/types.js';
import type { HostLedger } from '../main/core/host/open-host-ledger.js';
import { locateHostLedger } from '../main/core/host/capsem-home.js';
import { openHostLedger } from '../main/core/host/open-host-ledger.js';
import { printable } from './text/style.js';

/** The opened ledger, or null once the reason it could not be found or opened is on stderr (the command exits 2). */
export async function openHostLedgerFor(
  command: string,
  path: string | undefined,
  io: CliIo,
  anchor: ChainAnchor | null = null,
): Promise<HostLedger | null> {
  const where = locateHostLedger(path, io.env);
  if (!where.ok) {
    io.stderr(`capsem-inspect ${command}: ${printable(where.error.message)}\n`);
    return null;
  }
  const opened = await openHostLedger(where.value.hostDbPath, { runDir: where.value.runDir, anchor });
  if (!opened.ok) {
    io.stderr(`capsem-inspect ${command}: cannot open the host ledger (${opened.error.code}): ${printable(opened.error.message)}\n`);
    return null;
  }
  return opened.value;
}
