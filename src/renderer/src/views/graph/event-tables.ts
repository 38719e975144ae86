/** Which ledger tables an events node of each kind collapses (the same mapping the core groups by). */
import type { EventKind } from '../../../../shared/contract/graph.js';

export const EVENT_TABLES_BY_KIND: Readonly<Record<EventKind, readonly string[]>> = {
  net: ['net_events'],
  dns: ['dns_events'],
  file: ['fs_events'],
  exec: ['exec_events'],
  process: ['audit_events'],
  credential: ['substitution_events'],
  security: ['security_rule_events', 'security_decision_events', 'security_ask_events'],
};
