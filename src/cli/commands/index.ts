// Every CLI command, in the order `ctxbench --help` lists them (pipeline order).
import type { Command } from '../command.ts';
import { demoCommand } from './demo.ts';
import { functionsCommand, graphCommand, indexCommand } from './index-commands.ts';
import { buildCommand } from './build.ts';
import { importCommand } from './import.ts';
import { exportCommand } from './export.ts';
import { promptCommand } from './prompt.ts';
import { evalCommand } from './eval.ts';
import { resultsCommand } from './results.ts';
import { scoreCommand } from './score.ts';
import { reportCommand } from './report.ts';
import { execCommand } from './exec.ts';
import { viewCommand } from './view.ts';

export const commands: Command[] = [demoCommand, indexCommand, functionsCommand, graphCommand, buildCommand, importCommand, exportCommand, promptCommand, evalCommand, execCommand, scoreCommand, resultsCommand, reportCommand, viewCommand];
