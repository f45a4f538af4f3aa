// Worker-thread side of indexing: extracts the facts of a batch of files.
import { extractFile } from './extract.ts';
import type { LanguageId } from '../languages/types.ts';
import type { FileFacts } from './types.ts';

export async function handle(batch: { path: string; language: LanguageId; text: string }[]): Promise<FileFacts[]> {
  const facts: FileFacts[] = [];
  for (const file of batch) facts.push(await extractFile(file.path, file.language, file.text));
  return facts;
}
