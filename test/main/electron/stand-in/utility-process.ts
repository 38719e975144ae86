/** The stand-in's utilityProcess.fork: a Node child whose `process.parentPort` is the parent-port shim the unit tests
 * use, so the SQL child talks through the port as it does in Electron. */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { ForkOptions, UtilityProcess } from 'electron';
import { here, record, strict } from './record.js';

const PARENT_PORT_SHIM = join(here, '..', 'parent-port-shim.cjs');
type UtilitySurface = Pick<UtilityProcess, 'postMessage' | 'kill'>;
class StandInUtility extends EventEmitter implements UtilitySurface {
  constructor(private readonly child: ChildProcess) {
    super();
    child.on('spawn', () => this.emit('spawn'));
    child.on('exit', (code) => this.emit('exit', code ?? 1));
    child.on('message', (m: unknown) => {
      if (m && typeof m === 'object' && 'viaPort' in m) this.emit('message', (m as { viaPort: unknown }).viaPort);
    });
  }
  get pid(): number | undefined {
    return this.child.pid;
  }
  postMessage(message: unknown): void {
    this.child.send({ toPort: message });
  }
  kill(): boolean {
    return this.child.kill();
  }
}
export const utilityProcess = strict('utilityProcess', {
  fork: (modulePath: string, args?: string[], options?: ForkOptions): UtilityProcess => {
    record.forks.push(modulePath);
    const child = fork(modulePath, args ?? [], {
      execArgv: [...(options?.execArgv ?? []), '--require', PARENT_PORT_SHIM],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    return strict('UtilityProcess', new StandInUtility(child)) as unknown as UtilityProcess;
  },
});
