// One real Debian source package per language for `npm run bench -- fidelity` (index and task
// families), fetched by bench/sources.ts on first use. Each was checked to fetch from Debian's
// archive and to hold that language's files, mostly 10K-300K lines of them. Where the archive had
// no better package: ruby is fzf's Ruby test suite (3K lines), html is redis's documentation pages
// (10K lines), scala is the Scala 2.11 distribution itself (450K lines), tsx is TypeScript's own
// `.tsx` test cases (300 files, 8K lines). lua-penlight, ruby-rack, scala-xml, commons-lang3 and
// node-react-is (the first choices) do not fetch; node-yargs is TypeScript now.
import type { LanguageId } from '../src/languages/types.ts';

export const FIDELITY_SOURCES: Record<LanguageId, string> = {
  c: 'redis',
  cpp: 'yaml-cpp',
  csharp: 'newtonsoft-json',
  go: 'fzf',
  haskell: 'haskell-aeson',
  html: 'redis',
  java: 'commons-io',
  javascript: 'node-commander',
  kotlin: 'kotlinx-coroutines',
  lua: 'luarocks',
  objc: 'gnustep-base',
  php: 'php-monolog',
  python: 'jinja2',
  r: 'r-cran-ggplot2',
  ruby: 'fzf',
  rust: 'rust-clap',
  scala: 'scala',
  tsx: 'node-typescript',
  typescript: 'node-got',
};
