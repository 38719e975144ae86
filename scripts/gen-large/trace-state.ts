// One agent conversation (a trace): its provider, its conversation history and the tool results waiting to
// go back to the model in the next call.
import type { History, Provider } from './model-bodies.js';

export interface PendingResult {
  readonly callId: string;
  readonly text: string;
  readonly isError: boolean;
}

export interface TraceState {
  readonly traceId: string;
  readonly provider: Provider;
  readonly history: History;
  readonly agentPid: number;
  readonly credentialRef: string;
  pending: PendingResult[];
  readonly seenDomains: Set<string>;
  turns: number;
}

/** Counters that run across traces (exec ids, rolled-up security runs). */
export interface RunTallies {
  execId: number;
  turnSerial: number;
  callSerial: number;
  ruleRun: { count: number; first: number; last: number };
  decisionRun: { count: number; first: number; last: number };
}
