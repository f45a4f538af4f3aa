// Every CLI command, in the order `ctxbench --help` lists them (pipeline order).
import type { Command } from '../command.ts';

export const commands: Command[] = [];
