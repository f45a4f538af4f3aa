// Shared helpers of the language tests: extract a fixture file and render its facts compactly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFile } from '../../src/index/extract.ts';
import type { CallSite, ExtractedFunction, FileFacts, Span } from '../../src/index/types.ts';
import { languageForPath } from '../../src/languages/registry.ts';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** Extracts a fixture file (path relative to test/fixtures), its language decided by the registry. */
export async function extractFixture(relativePath: string): Promise<{ facts: FileFacts; text: string }> {
  const text = readFileSync(join(FIXTURES, relativePath), 'utf8');
  const language = languageForPath(relativePath, text);
  if (!language) throw new Error(`no language for ${relativePath}`);
  return { facts: await extractFile(relativePath, language, text), text };
}

/** `receiver.name/argc@line:column`, the receiver and `.` left out for plain calls. */
export function renderCall(call: CallSite): string {
  return `${call.receiver === null ? '' : `${call.receiver}.`}${call.name}/${call.argumentCount ?? '?'}@${call.line}:${call.column}`;
}

/** `startLine:startColumn-endLine:endColumn`. */
export function renderSpan(span: Span): string {
  return `${span.startLine}:${span.startColumn}-${span.endLine}:${span.endColumn}`;
}

/** Everything about a function except its code and calls, in one line. */
export function renderFunction(fn: ExtractedFunction): string {
  const local = fn.fileLocal ? ' local' : '';
  return (
    `${fn.kind} ${fn.qualifiedName} (${fn.parameterCount ?? '?'})${local} ${renderSpan(fn.span)} body ` +
    `${renderSpan(fn.bodySpan)}`
  );
}

/** The text a span covers, computed from lines and columns (1-based, end column exclusive). */
export function textOfSpan(text: string, span: Span): string {
  const lines = text.split('\n');
  const picked = lines.slice(span.startLine - 1, span.endLine);
  picked[picked.length - 1] = picked[picked.length - 1]!.slice(0, span.endColumn - 1);
  picked[0] = picked[0]!.slice(span.startColumn - 1);
  return picked.join('\n');
}

/** The function with this qualified name (the n-th when overloaded). */
export function functionNamed(facts: FileFacts, qualifiedName: string, nth = 0): ExtractedFunction {
  const found = facts.functions.filter((fn) => fn.qualifiedName === qualifiedName)[nth];
  if (!found)
    throw new Error(
      `${facts.path}: no function ${qualifiedName} #${nth} (have ` +
        `${facts.functions.map((f) => f.qualifiedName).join(', ')})`,
    );
  return found;
}
