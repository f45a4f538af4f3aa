// Every CLI command, in the order `ctxbench --help` lists them (pipeline order).
import type { Command } from '../command.ts';
import { demoCommand } from './demo.ts';
import { functionsCommand, graphCommand, indexCommand } from './index-commands.ts';
import { promptCommand } from './prompt.ts';
import { evalCommand } from './eval.ts';
import { resultsCommand } from './results.ts';
import { scoreCommand } from './score.ts';
import { reportCommand } from './report.ts';

export const commands: Command[] = [demoCommand, indexCommand, functionsCommand, graphCommand, promptCommand, evalCommand, scoreCommand, resultsCommand, reportCommand];
