// Worker-thread entry: imports the module named in workerData and answers {id, input} messages with
// its `handle(input)`. A TypeScript module (tests and benchmarks run the sources) first registers
// tsx, a dev dependency; the compiled package never loads it.
import { parentPort, workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.ts')) (await import('tsx/esm/api')).register();
const { handle } = await import(workerData.module);
parentPort.on('message', async ({ id, input }) => {
  try {
    parentPort.postMessage({ id, output: await handle(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) });
  }
});
