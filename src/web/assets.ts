// The files the viewer and the review page serve: the static folder (`static/`: the pages and the style sheet) and
// the scripts. The scripts are the browser code of `client/` (TypeScript, typed by the API's records in types.ts)
// bundled by esbuild into one classic script per page: `app.js` (the viewer) and `review.js` (the review page).
// Classic, not module scripts, because an exported copy is opened from file://, where browsers refuse module
// scripts; the live pages load the same files. The package ships them built (`npm run build` writes them into
// dist/web/static/); run from the sources (a clone), they are bundled on first use, with the esbuild of a clone's
// dev dependencies.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STATIC_DIR = fileURLToPath(new URL('./static/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A servable file: its content type and its bytes (read or bundled when asked for). */
export interface Asset {
  type: string;
  body(): string | Buffer;
}

/** Each served script and the client module it bundles. */
export const CLIENT_SCRIPTS: Readonly<Record<string, string>> = { 'app.js': 'app.ts', 'review.js': 'review.ts' };

const CLIENT_DIR = fileURLToPath(new URL('./client/', import.meta.url));

interface EsbuildLike {
  buildSync(options: Record<string, unknown>): { outputFiles: { text: string }[] };
}

/** The bundle of a client module: one IIFE holding it and every module it imports, types stripped. */
export function bundleClient(entry: string): string {
  // loaded here only: the installed package never bundles (its scripts are built), so esbuild is not its dependency
  const esbuild = createRequire(import.meta.url)('esbuild') as EsbuildLike;
  const result = esbuild.buildSync({
    entryPoints: [join(CLIENT_DIR, entry)],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    write: false,
    // the modules' comments name them from the package's root, wherever the command runs (an export is shared)
    absWorkingDir: fileURLToPath(new URL('../../', import.meta.url)),
    charset: 'utf8',
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text;
}

const bundled = new Map<string, string>();

/** A served script (`app.js`, `review.js`): the built one when the package has it, else bundled once from client/. */
export function clientScript(name: string): string {
  const entry = CLIENT_SCRIPTS[name];
  if (entry === undefined)
    throw new Error(`no client script ${name} (known: ${Object.keys(CLIENT_SCRIPTS).join(', ')})`);
  const built = join(STATIC_DIR, name);
  if (existsSync(built)) return readFileSync(built, 'utf8');
  let text = bundled.get(name);
  if (text === undefined) {
    text = bundleClient(entry);
    bundled.set(name, text);
  }
  return text;
}

/** Every servable file by its URL path (`/app.js`, `/style.css`): the static folder's, and the client scripts. */
export function staticFiles(): Map<string, Asset> {
  const files = new Map<string, Asset>();
  // Relative names rather than Dirent.parentPath, which Node 20 only has from 20.12 (engines: >=20).
  for (const name of readdirSync(STATIC_DIR, { recursive: true, encoding: 'utf8' })) {
    const path = join(STATIC_DIR, name);
    if (!(extname(name) in CONTENT_TYPES) || !statSync(path).isFile()) continue;
    files.set(`/${name.split('\\').join('/')}`, {
      type: CONTENT_TYPES[extname(name)]!,
      body: () => readFileSync(path),
    });
  }
  for (const name of Object.keys(CLIENT_SCRIPTS))
    files.set(`/${name}`, { type: CONTENT_TYPES['.js']!, body: () => clientScript(name) });
  return files;
}
