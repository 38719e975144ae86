// The ids inside integrity finding text become links to their targets' routes; words that only look like ids (a
// table name this ledger lacks, "call_id in the same trace") stay text, and the pieces always join back to the text.
import { describe, expect, it } from 'vitest';
import { messageParts, type MessagePart } from '../../../src/renderer/src/links/message-links.js';
import { parseHash } from '../../../src/renderer/src/router.js';

const TABLES = new Set(['tool_calls', 'model_calls', 'net_events', 'fs_events', 'exec_events', 'event_body_blobs']);
const links = (parts: MessagePart[]) => parts.filter((p) => typeof p !== 'string').map((p) => [p.text, p.href]);
const joined = (parts: MessagePart[]) => parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');

describe('messageParts', () => {
  it("links an orphan call's evidence line: its row, its event, its call_id and the later model call", () => {
    const text = 'tool_calls 7 (event_id 695e53e591dd) bash call_id call_61e0460e836589844037: model_calls 6 came later in the same trace';
    const parts = messageParts('ev1', text, TABLES);
    expect(joined(parts)).toBe(text);
    expect(links(parts)).toEqual([
      ['tool_calls 7', '#/e/ev1/row/tool_calls/7'],
      ['695e53e591dd', '#/e/ev1/event/695e53e591dd'],
      ['call_61e0460e836589844037', '#/e/ev1/tables/tool_calls?f=call_id%7Eeq%7Ecall_61e0460e836589844037'],
      ['model_calls 6', '#/e/ev1/row/model_calls/6'],
    ]);
  });

  it("leaves a host ledger's event text: the session's own host_events table is another ledger's rows", () => {
    const text = "the host's final counters (session_stopped, host.db event 5) disagree with the session";
    const parts = messageParts('ev1', text, new Set([...TABLES, 'host_events']));
    expect(links(parts)).toEqual([]);
    expect(joined(parts)).toBe(text);
  });

  it('links a failed body to the event at that body, and a row named by "row N"', () => {
    const parts = messageParts('ev1', '3e2881b74a52 exec_events/stdout', TABLES);
    expect(links(parts)).toEqual([['3e2881b74a52', '#/e/ev1/event/3e2881b74a52?body=exec_events%2Fstdout']]);
    expect(parseHash(links(parts)[0]![1]!)).toMatchObject({
      view: 'event',
      eventId: '3e2881b74a52',
      body: { sourceTable: 'exec_events', direction: 'stdout' },
    });
    const row = messageParts('ev1', 'event_body_blobs row 12 names a block at offset 80', TABLES);
    expect(links(row)).toEqual([['event_body_blobs row 12', '#/e/ev1/row/event_body_blobs/12']]);
  });

  it('links event_id=, trace_id and bare table names; leaves look-alikes as text', () => {
    const text = 'body (event_id=abcdef012345, source_table=net_events) in trace_id tr-0001; tool_calls without responses';
    const parts = messageParts('ev 2', text, TABLES);
    expect(joined(parts)).toBe(text);
    expect(links(parts)).toEqual([
      ['abcdef012345', '#/e/ev%202/event/abcdef012345'],
      ['net_events', '#/e/ev%202/tables/net_events'],
      ['tr-0001', '#/e/ev%202/graph/tr-0001'],
      ['tool_calls', '#/e/ev%202/tables/tool_calls'],
    ]);
    // Not links: a table this ledger lacks, a number after a word that is no table, "call_id in", a hex word alone.
    const plain = 'dns_events 4 and scans 5 (same call_id in the same trace) deadbeef0123 alone';
    expect(messageParts('ev1', plain, TABLES)).toEqual([plain]);
  });
});
