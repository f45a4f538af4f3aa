// One real Debian source package per language for `npm run bench -- fidelity` (index and task
// families). Sizes between roughly 10K and 300K lines; fetched by bench/sources.ts on first use.
import type { LanguageId } from '../src/languages/types.ts';

export const FIDELITY_SOURCES: Record<LanguageId, string> = {
  c: 'redis',
  cpp: 'yaml-cpp',
  csharp: 'newtonsoft-json',
  go: 'fzf',
  haskell: 'haskell-aeson',
  html: 'node-yargs',
  java: 'commons-lang3',
  javascript: 'node-yargs',
  kotlin: 'kotlinx-coroutines',
  lua: 'lua-penlight',
  objc: 'gnustep-base',
  php: 'php-monolog',
  python: 'jinja2',
  r: 'r-cran-data.table',
  ruby: 'ruby-rack',
  rust: 'rust-clap',
  scala: 'scala-xml',
  tsx: 'node-react-is',
  typescript: 'node-got',
};
