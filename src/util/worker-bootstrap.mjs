// Worker-thread entry: runs the setups in workerData (plugins registering their entries), imports
// the module named there and answers {id, input} messages with its `handle(input)`. TypeScript
// modules (tests and benchmarks run the sources) first register tsx, a dev dependency; the compiled
// package never loads it.
import { parentPort, workerData } from 'node:worker_threads';

if ([workerData.module, ...workerData.setups.map((setup) => setup.module)].some((module) => module.endsWith('.ts')))
  (await import('tsx/esm/api')).register();
for (const setup of workerData.setups) await (await import(setup.module))[setup.name](setup.argument);
const { handle } = await import(workerData.module);
// One input at a time, in the order sent (a queue's inputs arrive before the ones before are done).
let previous = Promise.resolve();
parentPort.on('message', ({ id, input }) => {
  previous = previous.then(async () => {
    try {
      parentPort.postMessage({ id, output: await handle(input) });
    } catch (error) {
      // the message, code and stack apart: the caller shows the message (and code) and keeps the stack for debugging
      parentPort.postMessage({
        id,
        error:
          error instanceof Error
            ? { message: error.message, code: error.code, stack: error.stack }
            : { message: String(error) },
      });
    }
  });
});
