// The facts of one source file as the index stores them (files.facts of the index database),
// checked on every read: the cache may come from an older ctxbench or another machine. The type
// stays the FileFacts interface (index/types.ts); the schema checks what every reader relies on and
// keeps fields it does not name, so an optional field added to the interface passes through.
import { z } from 'zod';
import { LanguageSchema } from '../languages/index.ts';
import type { FileFacts } from './types.ts';

const line = z.int().min(1);

export const SpanSchema = z
  .object({ startLine: line, startColumn: line, endLine: line, endColumn: line })
  .refine(
    (span) => span.endLine > span.startLine || (span.endLine === span.startLine && span.endColumn >= span.startColumn),
    {
      error: (issue) => {
        const span = issue.input as { startLine: number; startColumn: number; endLine: number; endColumn: number };
        return `ends (${span.endLine}:${span.endColumn}) before it starts (${span.startLine}:${span.startColumn})`;
      },
    },
  );

const CallSiteSchema = z.looseObject({
  name: z.string(),
  receiver: z.string().nullable(),
  argumentCount: z.int().nullable(),
  line,
  column: line,
});

export const FileFactsSchema = z.looseObject({
  path: z.string(),
  language: LanguageSchema,
  lineCount: z.int().min(0),
  functions: z.array(
    z.looseObject({
      name: z.string(),
      qualifiedName: z.string(),
      kind: z.enum(['function', 'method', 'constructor']),
      signature: z.string(),
      codeStart: z.int().min(0),
      codeEnd: z.int().min(0),
      span: SpanSchema,
      bodySpan: SpanSchema,
      docstring: z.string().nullable(),
      parameterCount: z.int().nullable(),
      fileLocal: z.boolean(),
      calls: z.array(CallSiteSchema),
    }),
  ),
  imports: z.array(
    z.looseObject({
      target: z.string(),
      bindings: z.array(z.string()),
      system: z.boolean(),
      resolve: z.enum(['include', 'dotted-module', 'relative-path', 'go-package', 'none']),
      line,
    }),
  ),
  declarations: z.array(z.string()),
  declarationDocs: z.array(z.looseObject({ name: z.string(), line, docstring: z.string() })).optional(),
  hasErrors: z.boolean(),
  macros: z
    .array(
      z.looseObject({
        name: z.string(),
        parameterCount: z.int().min(0),
        span: SpanSchema,
        calls: z.array(CallSiteSchema),
      }),
    )
    .optional(),
}) satisfies z.ZodType<FileFacts, unknown>;
