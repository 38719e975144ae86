/**
 * The settings-file hash chain of policy_mutation_events (docs/formats/host-ledger.md#policy_mutation_events):
 * consecutive applied edits chain through the file hashes, each applied row's old_hash equal to the previous applied
 * row's new_hash. Failed edits changed nothing and are skipped. These rows are outside the host_events chain.
 */
import type { PolicyMutation, SettingsChainBreak } from './types.js';

export function checkSettingsChain(rows: readonly PolicyMutation[]): SettingsChainBreak[] {
  const breaks: SettingsChainBreak[] = [];
  let previous: PolicyMutation | null = null;
  rows.forEach((row, index) => {
    if (row.status !== 'applied') return;
    if (previous !== null && row.oldHash !== previous.newHash) {
      breaks.push({
        index,
        id: row.id,
        previousId: previous.id,
        expected: previous.newHash,
        found: row.oldHash,
        message: `policy_mutation_events id ${row.id}: old_hash ${row.oldHash ?? 'NULL'} is not the new_hash ${previous.newHash ?? 'NULL'} of the previous applied edit (id ${previous.id})`,
      });
    }
    previous = row;
  });
  return breaks;
}
