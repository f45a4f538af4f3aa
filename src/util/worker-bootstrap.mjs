// Worker-thread entry: runs the setups in workerData (plugins registering their entries), imports
// the module named there and answers {id, input} messages with its `handle(input)`. TypeScript
// modules (tests and benchmarks run the sources) first register tsx, a dev dependency; the compiled
// package never loads it.
import { parentPort, workerData } from 'node:worker_threads';

if ([workerData.module, ...workerData.setups.map((setup) => setup.module)].some((module) => module.endsWith('.ts'))) (await import('tsx/esm/api')).register();
for (const setup of workerData.setups) await (await import(setup.module))[setup.name](setup.argument);
const { handle } = await import(workerData.module);
parentPort.on('message', async ({ id, input }) => {
  try {
    parentPort.postMessage({ id, output: await handle(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) });
  }
});
