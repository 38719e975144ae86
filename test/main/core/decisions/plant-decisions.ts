// Denied, asked and redirected rows planted in a written A4 ledger, beside the writer's one security triple: the
// writer gives its denied request its own event_id, so it is moved onto the triple's (as Capsem records one event),
// a rule match and a decision written as run references, a denied DNS name, a denied tool call and an asked request
// that was allowed, the last two with no rule.
import Database from 'better-sqlite3';

export interface PlantedDecisions {
  /** The event the writer's security triple and the denied request share. */
  readonly deniedEventId: string;
  /** A decision written only as a reference to a security_decision_runs row. */
  readonly runDecisionEventId: string;
  readonly ruleJsonFromRun: string;
}

export function plantDecisions(dbPath: string, securityEventId: string): PlantedDecisions {
  const db = new Database(dbPath);
  try {
    const ts =
      (db.prepare('SELECT MAX(timestamp_unix_ms) FROM security_rule_events WHERE event_id = ?').pluck().get(securityEventId) as number) +
      10;
    const ruleJsonFromRun = JSON.stringify({ id: 'block-aws-keys', action: 'ask', from: 'run' });
    db.transaction(() => {
      db.prepare("UPDATE net_events SET event_id = ? WHERE decision = 'denied' AND domain = 'paste.example.net'").run(securityEventId);
      const run = db
        .prepare(
          `INSERT INTO security_rule_runs (event_type, rule_id, rule_action, detection_level, rule_json, count,
            first_timestamp_unix_ms, last_timestamp_unix_ms) VALUES ('http.request', 'block-aws-keys', 'ask', 'high', ?, 1, ?, ?)`,
        )
        .run(ruleJsonFromRun, ts, ts).lastInsertRowid;
      db.prepare(
        `INSERT INTO security_rule_events (timestamp_unix_ms, event_id, event_type, rule_id, rule_action, detection_level, run_id)
          VALUES (?, ?, 'http.request', 'block-aws-keys', 'ask', 'high', ?)`,
      ).run(ts, securityEventId, run);
      const decisionRun = db
        .prepare(
          `INSERT INTO security_decision_runs (event_type, stage, actor, rule_id, plugin_id, previous_decision, requested_decision,
            effective_decision, reason, count, first_timestamp_unix_ms, last_timestamp_unix_ms)
            VALUES ('dns.query', 'postprocess', 'plugin', 'deny-paste-sites', 'paste-guard', 'allow', 'block', 'block', 'paste site', 1, ?, ?)`,
        )
        .run(ts, ts).lastInsertRowid;
      db.prepare(
        `INSERT INTO security_decision_events (timestamp_unix_ms, event_id, event_type, run_id) VALUES (?, 'abcdefabcdef', 'dns.query', ?)`,
      ).run(ts + 1, decisionRun);
      db.exec(`INSERT INTO dns_events (event_id, timestamp, qname, qtype, qclass, rcode, decision, matched_rule, policy_mode,
          policy_action, policy_rule, policy_reason)
        VALUES ('abcdefabcdef', '2026-03-02T15:59:00.000000Z', 'paste.example.net', 1, 1, 5, 'denied', 'deny:paste', 'enforce',
          'block', 'deny-paste-sites', 'paste sites are blocked');
        INSERT INTO tool_calls (event_id, timestamp, call_index, call_id, tool_name, decision)
        VALUES ('0123456789ab', '2026-03-02T15:59:01.000000Z', 0, 'call-denied', 'shell', 'denied');
        INSERT INTO net_events (event_id, timestamp, domain, port, decision, method, path, policy_mode, policy_action)
        VALUES ('fedcba987654', '2026-03-02T15:59:02.000000Z', 'uploads.example.org', 8443, 'allowed', 'PUT', '/f', 'enforce', 'ask');`);
    })();
    if (db.pragma('journal_mode', { simple: true }) === 'wal') db.pragma('wal_checkpoint(TRUNCATE)');
    return { deniedEventId: securityEventId, runDecisionEventId: 'abcdefabcdef', ruleJsonFromRun };
  } finally {
    db.close();
  }
}
