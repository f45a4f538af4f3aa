// File texts of the repositories being built from, read once and kept with their line starts.
import { readSourceText } from '../util/source-text.ts';
import { join } from 'node:path';
import { lineStarts } from '../datasets/index.ts';

export class FileTexts {
  private readonly texts = new Map<string, string | null>();
  private readonly starts_ = new Map<string, number[]>();

  /** The file's text, or null when it cannot be read (removed since indexing). */
  read(root: string, path: string): string | null {
    const key = join(root, path);
    if (!this.texts.has(key)) {
      let text: string | null;
      try {
        text = readSourceText(key);
      } catch {
        text = null;
      }
      this.texts.set(key, text);
    }
    return this.texts.get(key)!;
  }

  starts(root: string, path: string): number[] {
    const key = join(root, path);
    let starts = this.starts_.get(key);
    if (!starts) {
      starts = lineStarts(this.read(root, path) ?? '');
      this.starts_.set(key, starts);
    }
    return starts;
  }
}
