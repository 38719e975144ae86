// Provider request and response bodies as agents send and receive them. A request carries the trace's whole
// conversation so far (which is why consecutive requests repeat each other and compress well); the history is
// compacted into a summary when it outgrows the context budget, as agents do.
import type { TextPool } from './text-pool.js';

export type Provider = 'anthropic' | 'openai' | 'google';

export const MODELS: Record<Provider, string> = { anthropic: 'claude-sonnet-4-5', openai: 'gpt-5-mini', google: 'gemini-2.5-flash' };
export const ENDPOINTS: Record<Provider, { domain: string; path: string }> = {
  anthropic: { domain: 'api.anthropic.com', path: '/v1/messages' },
  openai: { domain: 'api.openai.com', path: '/v1/chat/completions' },
  google: { domain: 'generativelanguage.googleapis.com', path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent' },
};

const SYSTEM = 'You are a coding agent inside a Capsem sandbox. Use the tools to inspect and change the workspace; explain what you did.';
const TOOLS = JSON.stringify([
  {
    name: 'bash',
    description: 'Run a shell command in the workspace',
    input_schema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  },
  {
    name: 'read_file',
    description: 'Read a file',
    input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'search_issues',
    description: 'Search the tracker (MCP github)',
    input_schema: { type: 'object', properties: { q: { type: 'string' } } },
  },
]);

export interface ToolUse {
  readonly callId: string;
  readonly name: string;
  readonly args: string;
}

export class History {
  private messages: string[] = [];
  private bytes = 0;
  count = 0;
  constructor(private readonly text: TextPool) {}

  push(role: 'user' | 'assistant', content: unknown): void {
    const m = JSON.stringify({ role, content });
    this.messages.push(m);
    this.bytes += m.length + 1;
    this.count += 1;
  }

  /** Replaces the conversation by a summary once it passes `budget` bytes (context compaction). */
  compactAbove(budget: number): void {
    if (this.bytes <= budget) return;
    this.messages = [];
    this.bytes = 0;
    this.push('user', `Summary of the conversation so far: ${this.text.prose(Math.round(budget / 12))}`);
  }

  requestBody(provider: Provider, stream: boolean): string {
    const list = this.messages.join(',');
    if (provider === 'google')
      return `{"contents":[${list}],"systemInstruction":{"parts":[{"text":${JSON.stringify(SYSTEM)}}]},"tools":${TOOLS}}`;
    return `{"model":"${MODELS[provider]}","max_tokens":8192,"stream":${stream},"system":${JSON.stringify(SYSTEM)},"messages":[${list}],"tools":${TOOLS}}`;
  }
}

export function responseBody(
  provider: Provider,
  text: string,
  tools: readonly ToolUse[],
  stream: boolean,
  usage: { in: number; out: number },
): string {
  if (stream) {
    const ev = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    const parts = [
      ev('message_start', {
        type: 'message_start',
        message: { id: 'msg_01', type: 'message', role: 'assistant', model: MODELS[provider], usage: { input_tokens: usage.in } },
      }),
      ev('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    ];
    for (let i = 0; i < text.length; i += 32) {
      parts.push(
        ev('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: text.slice(i, i + 32) } }),
      );
    }
    tools.forEach((t, i) => {
      parts.push(
        ev('content_block_start', {
          type: 'content_block_start',
          index: i + 1,
          content_block: { type: 'tool_use', id: t.callId, name: t.name, input: {} },
        }),
        ev('content_block_delta', { type: 'content_block_delta', index: i + 1, delta: { type: 'input_json_delta', partial_json: t.args } }),
      );
    });
    parts.push(
      ev('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: tools.length ? 'tool_use' : 'end_turn' },
        usage: { output_tokens: usage.out },
      }),
      ev('message_stop', { type: 'message_stop' }),
    );
    return parts.join('');
  }
  if (provider === 'google') {
    return JSON.stringify({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text }, ...tools.map((t) => ({ functionCall: { name: t.name, args: JSON.parse(t.args) as unknown } }))],
          },
        },
      ],
      usageMetadata: { promptTokenCount: usage.in, candidatesTokenCount: usage.out },
    });
  }
  return JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: MODELS[provider],
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text,
          tool_calls: tools.map((t) => ({ id: t.callId, type: 'function', function: { name: t.name, arguments: t.args } })),
        },
        finish_reason: tools.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: usage.in, completion_tokens: usage.out },
  });
}
