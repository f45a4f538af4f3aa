// Extra labels per task, kept beside a task set (`ctxbench contamination` writes them; `report
// --labels FILE --by NAME` groups scores by them). JSONL, one `{id, labels}` per task.
import { z } from 'zod';
import { InputError } from '../util/errors.ts';
import { jsonlRecords } from '../util/jsonl.ts';
import { parseRecord } from '../util/schema.ts';

export const TaskLabelRecordSchema = z.strictObject({
  /** the task's id. */
  id: z.string().min(1),
  /** label name → value (a group in reports). */
  labels: z.record(z.string().min(1), z.union([z.string(), z.number()], { error: 'expected a string or a number' })),
});
export type TaskLabelRecord = z.infer<typeof TaskLabelRecordSchema>;

export function checkTaskLabelRecord(value: unknown, where: { file: string; line: number }): TaskLabelRecord {
  return parseRecord(TaskLabelRecordSchema, value, where);
}

/** A labels file as task id → labels; a task listed twice is an error naming the second line. */
export function readTaskLabels(file: string): Map<string, TaskLabelRecord['labels']> {
  const table = new Map<string, TaskLabelRecord['labels']>();
  for (const { record, line } of jsonlRecords(file, (value, where) => ({
    record: checkTaskLabelRecord(value, where),
    line: where.line,
  }))) {
    if (table.has(record.id))
      throw new InputError(`task '${record.id}' is labelled twice`, { file, line, field: 'id' });
    table.set(record.id, record.labels);
  }
  return table;
}
