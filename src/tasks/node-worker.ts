// Worker-thread side of the node family: samples a batch of files (see node-sample.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageId } from '../languages/types.ts';
import { sampleFile, type FileSample } from './node-sample.ts';

export interface NodeBatch {
  root: string;
  seed: number;
  perFile: number;
  files: { path: string; language: LanguageId }[];
}

export async function handle(batch: NodeBatch): Promise<FileSample[]> {
  const samples: FileSample[] = [];
  for (const file of batch.files) {
    const text = readFileSync(join(batch.root, file.path), 'utf8');
    samples.push(await sampleFile({ ...file, text }, batch.seed, batch.perFile));
  }
  return samples;
}
