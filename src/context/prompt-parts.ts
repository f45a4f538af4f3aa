// The assembled prompt of one task, as the context stage makes it and the run store keeps it:
// defined once (type, check on every read of a run store, docs/schema/prompt-parts.schema.json).
import { z } from 'zod';
import { ContextSnippetSchema, RelativePathSchema } from '../datasets/index.ts';

export const PromptPartsSchema = z.object({
  /** chat messages, or a single completion prompt (FIM prompts are completion prompts). */
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).nullable(),
  prompt: z.string().nullable(),
  /** token counts per part: `infile`, `suffix`, `retrieved`, `oracle`, `instruction`, `total`. */
  tokens: z.record(z.string(), z.number()),
  /** the snippets that went in, with their sources (shown by the viewer). */
  snippets: z.array(
    z.object({
      source: z.enum(['retrieved', 'oracle']),
      path: RelativePathSchema,
      startLine: z.int().min(0),
      endLine: z.int().min(0),
      score: z.number().nullable(),
    }),
  ),
  /** the retrieved snippets with their text, as the context stage returned them (the copy baseline reads them). */
  retrieved: z.array(ContextSnippetSchema).optional(),
});
export type PromptParts = z.output<typeof PromptPartsSchema>;
