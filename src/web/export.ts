// `ctxbench view --export DIR`: a static copy of the viewer that works from the file system. The
// same API answers the server gives are written as script files (`data/…js`, each handing its JSON
// to the page), beside the viewer's script (assets.ts).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { RunCollection } from './run-view.ts';
import { answerApi, CONTENT_SECURITY_POLICY, STATIC_DIR } from './server.ts';
import { clientScript } from './assets.ts';
import { routes, type DataRoute } from './client/routes.ts';
import { makeFolders } from '../util/folders.ts';
import { writeFolderWhole } from '../util/output-folder.ts';
import { InputError } from '../util/errors.ts';

export interface ExportSummary {
  dir: string;
  runs: number;
  tasks: number;
  files: number;
}

/** The live page turned into the static one: static mode, the policy as a meta tag. */
export function staticIndexHtml(template: string): string {
  const replacements: [string, string][] = [
    ['data-mode="live"', 'data-mode="static"'],
    [
      '<meta charset="utf-8">',
      `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" ` +
        `content="${CONTENT_SECURITY_POLICY.replace(/; frame-ancestors 'none'/, '')}">`,
    ],
  ];
  return replacements.reduce((html, [from, to]) => {
    if (!html.includes(from)) throw new Error(`src/web/static/index.html no longer contains ${from}`);
    return html.replace(from, to);
  }, template);
}

/**
 * Writes the static copy of the given runs into `outDir`, whole: built beside it and renamed into
 * place, replacing only an earlier export (never a folder ctxbench did not write).
 */
export function exportViewer(dirs: readonly string[], outDir: string): ExportSummary {
  const runs = new RunCollection(dirs);
  try {
    return writeFolderWhole(
      outDir,
      (out) => {
        let files = 0;
        const write = (name: string, text: string) => {
          const file = join(out, name);
          makeFolders(dirname(file));
          writeFileSync(file, text);
          files++;
        };
        const writeData = (route: DataRoute, value: unknown) =>
          write(route.file, `ctxbenchData(${JSON.stringify(route.path)}, ${JSON.stringify(value)});\n`);
        const writeAnswer = (route: DataRoute) => writeData(route, answerApi(runs, route.path));
        /**
         * A refused request (runs that cannot be compared) is written as the server's error answer, which the page
         * shows.
         */
        const writeAnswerOrRefusal = (route: DataRoute) => {
          try {
            writeAnswer(route);
          } catch (error) {
            if (!(error instanceof InputError)) throw error;
            writeData(route, { error: error.message });
          }
        };
        write('index.html', staticIndexHtml(readFileSync(join(STATIC_DIR, 'index.html'), 'utf8')));
        copyFileSync(join(STATIC_DIR, 'style.css'), join(out, 'style.css'));
        files++;
        write('app.js', clientScript('app.js'));
        writeAnswer(routes.runs());
        let tasks = 0;
        for (const run of runs.runs) {
          for (const route of [
            routes.run(run.id),
            routes.rows(run.id),
            routes.summary(run.id),
            routes.progress(run.id),
          ])
            writeAnswer(route);
          // One task at a time: its texts and candidates are read for its file and let go.
          for (const row of run.rows()) writeAnswer(routes.task(run.id, row));
          tasks += run.rows().length;
          for (const other of runs.runs) if (other !== run) writeAnswerOrRefusal(routes.compare(run.id, other.id));
        }
        return { dir: resolve(outDir), runs: runs.runs.length, tasks, files };
      },
      { owner: 'view', what: 'viewer export' },
    );
  } finally {
    runs.close();
  }
}
