/** What one fuzz target saw: inputs, outcomes by code, the slowest input, kept crashers. */
export class Tally {
  inputs = 0;
  readonly outcomes = new Map<string, number>();
  slowest = { ms: 0, what: '' };
  readonly crashers: string[] = [];
  constructor(readonly target: string) {}
  count(outcome: string, n = 1): void {
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + n);
  }
  time(ms: number, what: () => string): void {
    if (ms > this.slowest.ms) this.slowest = { ms, what: what() };
  }
  render(): string {
    const outcomes = [...this.outcomes]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `    ${k.padEnd(32)} ${v}`)
      .join('\n');
    return [
      `${this.target}: ${this.inputs} inputs, ${this.crashers.length} kept as crashers`,
      `  slowest: ${this.slowest.ms.toFixed(1)} ms (${this.slowest.what})`,
      `  outcomes:\n${outcomes}`,
      ...this.crashers.map((c) => `  crasher: ${c}`),
    ].join('\n');
  }
}
