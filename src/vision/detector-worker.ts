import { parentPort, workerData } from 'node:worker_threads';
import { InThreadDetector } from './detector.js';
import { DetectorError } from './detector-error.js';
import { SETTLED, type WorkerData, type WorkerReply, type WorkerRequest } from './worker-detector.js';

/**
 * The worker thread of worker-detector.ts: one InThreadDetector, which starts loading as soon as
 * the thread starts, answering requests in the order they came. Detect answers go to the reply
 * port and bump the shared counter a blocked caller waits on; load answers go to the parent port.
 */
const { options, signal: shared, replies } = workerData as WorkerData;
const signal = new Int32Array(shared);
const detector = new InThreadDetector(options);

function wake(): void {
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

// However the thread ends, a caller blocked on an answer must wake up and know it.
process.on('exit', () => {
  Atomics.store(signal, 1, 1);
  wake();
});

// Loading begins now; a failure reaches whoever asks for the detector next (which retries it).
// Its end, either way, lets the parent stop keeping the process up for it.
detector
  .load()
  .catch(() => undefined)
  .finally(() => parentPort!.postMessage(SETTLED));

async function answer(id: number, work: () => Promise<Omit<Extract<WorkerReply, { ok: true }>, 'id' | 'ok'>>): Promise<WorkerReply> {
  try {
    return { id, ok: true, ...(await work()) };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    return { id, ok: false, message: err.message, stack: err.stack, detectorError: err instanceof DetectorError };
  }
}

async function handle(request: WorkerRequest): Promise<void> {
  if (request.kind === 'load') {
    parentPort!.postMessage(await answer(request.id, async () => ({ info: await detector.load() })));
    return;
  }
  const runsBefore = detector.sessionRuns;
  const reply = await answer(request.id, async () => ({
    ...(await detector.detectTimed(request.image, { confidence: request.confidence })),
    runs: detector.sessionRuns - runsBefore,
  }));
  replies.postMessage(reply);
  wake();
}

let queue = Promise.resolve();
parentPort!.on('message', (request: WorkerRequest) => {
  queue = queue.then(() => handle(request));
});
