// Worker-thread entry: registers tsx (so the TypeScript module loads without a build step), imports
// the module named in workerData and answers {id, input} messages with its `handle(input)`.
import { register } from 'tsx/esm/api';
import { parentPort, workerData } from 'node:worker_threads';

register();
const { handle } = await import(workerData.module);
parentPort.on('message', async ({ id, input }) => {
  try {
    parentPort.postMessage({ id, output: await handle(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) });
  }
});
