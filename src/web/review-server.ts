// `ctxbench review`'s HTTP server: the review page (`static/review.html`) over one task set, for one
// reviewer per session. Reads the tasks once; each mark is written to the reviews file beside the
// task set as soon as it is given (PUT /api/review/<task id>), so a session resumes where it
// stopped. Writes need a JSON body and a same-origin Origin: another site cannot post marks.
import type { IncomingMessage } from 'node:http';
import { basename } from 'node:path';
import { readTasks, type TaskRecord } from '../datasets/index.ts';
import { reviewKindOf, ReviewStore, reviewsPath, validateReview, type ReviewRecord } from '../review/index.ts';
import { HttpError, sendJson, serveLocal } from './listen.ts';

export interface ReviewServerOptions {
  reviewer: string;
  port?: number;
  host?: string;
}

export interface ReviewServer {
  url: string;
  reviewsFile: string;
  close(): Promise<void>;
}

/** What the page shows of a task: the docstring under review and the code it describes. */
export interface ReviewItem {
  id: string;
  name: string | null;
  path: string;
  line: number;
  language: string;
  repo: string;
  kind: ReturnType<typeof reviewKindOf>;
  docstring: string | null;
  signature: string | null;
  body: string;
}

const MAX_BODY_BYTES = 64 * 1024;

function itemOf(task: TaskRecord): ReviewItem {
  return {
    id: task.id,
    name: task.name ?? null,
    path: task.path,
    line: task.span.startLine,
    language: task.language,
    repo: task.repo.name,
    kind: reviewKindOf(task),
    docstring: task.docstring ?? null,
    signature: task.signature ?? null,
    body: task.reference,
  };
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, 'request too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HttpError(400, 'malformed JSON'));
      }
    });
    request.on('error', reject);
  });
}

export async function startReviewServer(tasksPath: string, options: ReviewServerOptions): Promise<ReviewServer> {
  const tasks = readTasks(tasksPath);
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const reviewsFile = reviewsPath(tasksPath);
  const store = new ReviewStore(reviewsFile);
  const reviewer = validateReview(
    { taskId: '-', reviewer: options.reviewer, kind: 'original', mark: '+', note: '', docstring: null, at: '-' },
    { file: '--reviewer' },
  ).reviewer;
  const state = () => {
    const mine = store.all(reviewer).filter((review) => byId.has(review.taskId));
    return {
      reviewed: mine.length,
      total: tasks.length,
      reviews: Object.fromEntries(mine.map((review) => [review.taskId, { mark: review.mark, note: review.note }])),
    };
  };

  const server = await serveLocal(
    {
      index: '/review.html',
      async api(request, response, { segments }) {
        const [resource, taskId, ...rest] = segments;
        if (resource !== 'review' || rest.length > 0) throw new HttpError(404, 'no such API route');
        if (taskId === undefined) {
          if (request.method !== 'GET') throw new HttpError(405, 'method not allowed');
          sendJson(response, 200, { reviewer, tasksFile: basename(tasksPath), items: tasks.map(itemOf), ...state() });
          return;
        }
        if (request.method !== 'PUT') throw new HttpError(405, 'method not allowed');
        if (!/^application\/json\b/.test(request.headers['content-type'] ?? ''))
          throw new HttpError(415, 'expected a JSON body');
        const origin = request.headers.origin;
        if (origin !== undefined && origin !== `http://${request.headers.host}`)
          throw new HttpError(403, 'cross-origin write refused');
        const task = byId.get(taskId);
        if (!task) throw new HttpError(404, `no task '${taskId}'`);
        const body = (await readBody(request)) as Record<string, unknown> | null;
        const review: ReviewRecord = validateReview(
          {
            taskId,
            reviewer,
            kind: reviewKindOf(task),
            mark: body?.mark,
            note: body?.note ?? '',
            docstring: task.docstring ?? null,
            at: new Date().toISOString(),
          },
          { file: 'request' },
        );
        store.put(review);
        const { reviewed, total } = state();
        sendJson(response, 200, { reviewed, total });
      },
    },
    options,
    () => store.close(),
  );
  return { url: server.url, reviewsFile, close: () => server.close() };
}
