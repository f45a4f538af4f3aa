// Worker-thread side of indexing: extracts the facts of a batch of files, as JSON (the form they are
// stored in: the main thread parses each once and writes the text as it is, without serialising it again).
import { extractFile } from './extract.ts';
import type { LanguageId } from '../languages/index.ts';

export async function handle(
  batch: { path: string; language: LanguageId; text: string; undefinedMacros?: string[] }[],
): Promise<string[]> {
  const facts: string[] = [];
  for (const file of batch)
    facts.push(JSON.stringify(await extractFile(file.path, file.language, file.text, file.undefinedMacros)));
  return facts;
}
