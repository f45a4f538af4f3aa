// A language id in a record read from disk: a string checked against the language registry (a
// plain string in the published JSON Schemas, since plugins may register languages).
import { z } from 'zod';
import { isLanguageId } from './registry.ts';
import type { LanguageId } from './types.ts';

export const LanguageSchema = z
  .string()
  .refine(isLanguageId, { error: (issue) => `unknown language ${JSON.stringify(issue.input)}` })
  .describe('language id (languages/registry.ts)') as unknown as z.ZodType<LanguageId, string>;
