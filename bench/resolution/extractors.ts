// The ground-truth extractors of `npm run bench -- resolution`, one per front end (add one line to add one).
import { CLANG_C, CLANG_CPP } from './clang.ts';
import { java } from './java.ts';
import type { TruthExtractor } from './truth.ts';
import { typescript } from './typescript.ts';

export const EXTRACTORS: TruthExtractor[] = [CLANG_C, CLANG_CPP, java, typescript];
