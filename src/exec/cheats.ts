// Cheats that grading cannot see: a candidate that ends the process before the runner reports its failure, patches the
// test framework or its output, makes every comparison true, embeds a build product, or reads another process through
// /proc can pass with a wrong body. Each pattern looks at the candidate's own text (strings included: code can hide in
// a string given to exec; whole-line comments left out). The patterns are broad on purpose (any `exit`, any process
// start, any class of its own in a Python body): a regex cannot follow `getattr(m, 'ex' + 'it')`, so the words such
// code needs are flagged wherever they appear; it flags a candidate only when the task's reference does not match it
// too, so a function whose real body calls `_exit` is never flagged for doing the same. A flagged pass is its own
// verdict, `pass-flagged`, never counted as a pass. One registry (a plugin adds its own patterns).
import { getLanguage, isLanguageId } from '../languages/index.ts';
import { anyOf } from '../util/patterns.ts';
import { pluginEntry, Registry } from '../util/registry.ts';
import { z } from 'zod';

export interface CheatPattern {
  name: string;
  /** what the pattern shows, as the verdict's reason says it. */
  description: string;
  /** the languages it applies to (task `language` ids); `*` = every language. */
  languages: readonly string[] | '*';
  pattern: RegExp;
}

export const CHEAT_PATTERNS = new Registry<CheatPattern>('cheat pattern', undefined, {
  key: 'cheatPatterns',
  entry: pluginEntry('name', {
    description: z.string(),
    languages: z.union([z.literal('*'), z.array(z.string())]),
    pattern: z.instanceof(RegExp),
  }),
  add: registerCheatPattern,
});

export function registerCheatPattern(pattern: CheatPattern): CheatPattern {
  return CHEAT_PATTERNS.register(pattern.name, pattern);
}

const C_FAMILY = ['c', 'cpp', 'objc'];
const ECMASCRIPT = ['javascript', 'typescript', 'tsx'];
const JVM = ['java', 'kotlin', 'scala'];

for (const pattern of [
  {
    name: 'proc-files',
    description: "reads /proc (another process's output or memory, its own file descriptors)",
    languages: '*',
    pattern: /\/proc\/(?:self|\d|['"`]|\$|\{|%)/,
  },
  {
    name: 'early-exit',
    description:
      'ends or replaces the process itself (exit, _exit, quick_exit, the exec family, kill) ' +
      'before the runner can report',
    languages: C_FAMILY,
    pattern: /\b(?:_exit|_Exit|quick_exit|exit|execl|execlp|execle|execv|execvp|execvpe|execve|fexecve|kill|raise)\b/,
  },
  {
    name: 'c-processes',
    description: "starts processes or reads the runner's own arguments (system, popen, fork, posix_spawn, environ)",
    languages: C_FAMILY,
    pattern: anyOf(
      /\b(?:system|popen|fork|vfork|clone|posix_spawnp?)\b/,
      /\b(?:environ|__environ|program_invocation_name|program_invocation_short_name|__libc_argv)\b/,
    ),
  },
  {
    name: 'constructor-function',
    description: 'runs code before main (a constructor function)',
    languages: C_FAMILY,
    pattern: /__attribute__\s*\(\(\s*(?:__)?constructor|#\s*pragma\s+init\b|\.init_array/,
  },
  {
    name: 'embedded-file',
    description: 'embeds a file at compile time (.incbin, #embed)',
    languages: C_FAMILY,
    pattern: /\.incbin\b|#\s*embed\b|__has_embed/,
  },
  {
    name: 'interposed-output',
    description: 'defines or looks up a C library function the runner uses (printf, write, exit, dlsym RTLD_NEXT)',
    languages: C_FAMILY,
    pattern: anyOf(
      new RegExp(
        String.raw`\b(?:int|void|ssize_t|size_t|long)\s*\**\s*` +
          '(?:printf|fprintf|vprintf|vfprintf|puts|fputs|putchar|fputc|fwrite|write|' +
          'exit|abort|fflush|strcmp|memcmp)' +
          String.raw`\s*\([^;{]*\)\s*\{`,
      ),
      /\bRTLD_NEXT\b/,
    ),
  },
  {
    name: 'python-exit',
    description: 'ends or replaces the interpreter itself (_exit, sys.exit, kill, exec*, atexit)',
    languages: ['python'],
    pattern: anyOf(
      /\b_exit\b|\bexit\b|\bkill\b|\babort\b|\bexec[lv]p?e?\b|\bspawn\w*|\bsubprocess\b/,
      /\bsystem\s*\(|\bpopen\b|\bfork\b|\batexit\b|\bquit\s*\(|\bsignal\b/,
    ),
  },
  {
    name: 'python-test-framework',
    description:
      'reaches into the test framework or the interpreter (unittest, pytest, assert methods, modules, frames, setattr)',
    languages: ['python'],
    pattern: anyOf(
      /\bunittest\b|\b_?pytest\b|\bTestCase\b|\bassert[A-Z]\w*\s*=|\bruntest\b|\bmodules\b|\b_getframe\b|\binspect\b/,
      /\bgc\b|\bsetattr\s*\(|\bdelattr\s*\(|\b__dict__\b|\b__class__\b/,
      /\bimport\s+sys\s+as\b|\bfrom\s+(?:sys|os)\s+import\b/,
    ),
  },
  {
    name: 'python-equality',
    description: 'defines comparison or hashing (__eq__ and kin), or a class of its own: a value equal to anything',
    languages: ['python'],
    pattern: /\b__(?:eq|ne|hash|lt|le|gt|ge|cmp|bool)__\b|\bclass\s+\w+|\btype\s*\(\s*['"]/,
  },
  {
    name: 'python-output',
    description:
      "replaces the interpreter's output, builtins or compiled code (sys.stdout, builtins, marshal, __pycache__)",
    languages: ['python'],
    pattern: anyOf(
      /\bsys\.(?:stdout|stderr|__stdout__)\s*=|\bsys\.(?:stdout|stderr)\.write\s*=/,
      /\b(?:__)?builtins(?:__)?\b|\bmarshal\b|__pycache__|\.pyc\b/,
    ),
  },
  {
    name: 'node-exit',
    description: 'ends the process itself (process.exit, kill, abort)',
    languages: ECMASCRIPT,
    pattern: /\b(?:exit|reallyExit|kill|abort|exitCode)\b/,
  },
  {
    name: 'node-test-framework',
    description: 'reaches into the test framework or its output (assert, node:test, process.stdout, console)',
    languages: ECMASCRIPT,
    pattern: anyOf(
      /['"`](?:node:)?(?:assert|test|test\/reporters)(?:\/strict)?['"`]/,
      /\bprocess\s*\.\s*(?:stdout|stderr)\s*\.\s*write\s*=|\bconsole\s*\.\s*\w+\s*=/,
      /\bdefineProperty\s*\(\s*(?:process|console|globalThis|assert)\b|\brequire\s*\.\s*cache\b/,
    ),
  },
  // Code built at run time hides what the patterns above look for (`getattr(__import__('o' + 's'), '_exit')`).
  {
    name: 'python-dynamic-code',
    description: 'builds or loads code at run time (exec, eval, __import__, importlib, computed getattr)',
    languages: ['python'],
    pattern: anyOf(
      /\b(?:exec|eval|compile|__import__)\s*\(|\bimportlib\b/,
      /\bgetattr\s*\(\s*(?:__import__|sys|os|builtins|globals|type)\b/,
      /\b(?:globals|locals|vars)\s*\(\s*\)\s*\[|\bctypes\b/,
    ),
  },
  {
    name: 'node-dynamic-code',
    description: 'builds or loads code at run time (eval, Function, computed require or process member)',
    languages: ECMASCRIPT,
    // (the first alternative holds the only capturing group: `\1` is its quote)
    pattern: anyOf(
      /\brequire\s*\((?!\s*(['"])[^'"`$]*\1\s*\))/,
      /\beval\s*\(|\bFunction\s*\(|\b_load\b|\bconstructor\b|\bbinding\s*\(|\bimport\s*\(/,
      /\b(?:process|globalThis|global|module)\s*\[|\bvm\b\s*\.\s*run/,
      /['"`](?:node:)?(?:vm|child_process|worker_threads|inspector)['"`]/,
    ),
  },
  {
    name: 'c-dynamic-code',
    description: 'runs code the compiler does not see (inline assembly, raw system calls, dlopen, mprotect)',
    languages: C_FAMILY,
    pattern: anyOf(
      /\b(?:__asm__|asm)\b\s*(?:volatile|__volatile__)?\s*\(/,
      /\bsyscall\s*\(|\bdl(?:open|sym)\s*\(|\bmprotect\s*\(|\bptrace\s*\(/,
    ),
  },
  {
    name: 'jvm-reflection',
    description: 'reaches code by reflection (Class.forName, getMethod, invoke)',
    languages: JVM,
    pattern:
      /\bClass\s*\.\s*forName\s*\(|\.\s*get(?:Declared)?(?:Method|Field)s?\s*\(|\.\s*invoke\s*\(|\bMethodHandles\b/,
  },
  {
    name: 'jvm-exit',
    description:
      'ends the virtual machine or starts processes (exit, halt, Runtime, ProcessBuilder, the launch command)',
    languages: JVM,
    pattern: /\b(?:exit|halt|exitProcess|Runtime|ProcessBuilder|ProcessHandle)\b|sun\.java\.command/,
  },
  {
    name: 'jvm-test-framework',
    description: 'replaces the output or inspects the caller (System.setOut, stack walking, setAccessible)',
    languages: JVM,
    pattern: anyOf(
      /\bSystem\s*\.\s*set(?:Out|Err)\s*\(|\bStackWalker\b/,
      /\bgetStackTrace\s*\(|\bgetAllStackTraces\b|\bsetAccessible\s*\(\s*true\s*\)/,
    ),
  },
  {
    name: 'jvm-equality',
    description: 'overrides equals or hashCode: a value equal to anything',
    languages: JVM,
    pattern: /\b(?:boolean\s+equals|int\s+hashCode|fun\s+equals|def\s+equals)\s*\(/,
  },
] satisfies CheatPattern[]) {
  registerCheatPattern(pattern);
}

function matches(pattern: RegExp, text: string): boolean {
  // a plugin's pattern with the g or y flag would keep its position from the last text
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/**
 * The text without its whole-line comments (`// ...`, `# ...`, a line that is one `/* ... *\/`): a word
 * in a comment runs nothing and must not flag a right answer. Comments after code stay (a comment
 * token inside a string would otherwise hide the rest of the line).
 */
function withoutCommentLines(text: string, language: string): string {
  const spec = isLanguageId(language) ? getLanguage(language) : null;
  if (!spec) return text;
  const [open, close] = spec.blockComment ?? [null, null];
  return text
    .split('\n')
    .filter((line) => {
      const trimmed = line.trim();
      if (spec.lineComment !== null && trimmed.startsWith(spec.lineComment)) return false;
      return !(
        open !== null &&
        close !== null &&
        trimmed.startsWith(open) &&
        trimmed.endsWith(close) &&
        trimmed.indexOf(close) === trimmed.length - close.length
      );
    })
    .join('\n');
}

/**
 * The patterns the candidate matches and its task's reference does not, as `name: description` (whole-line comments
 * left out of both).
 */
export function cheatFlags(language: string, candidate: string, reference: string): string[] {
  const [code, referenceCode] = [withoutCommentLines(candidate, language), withoutCommentLines(reference, language)];
  return CHEAT_PATTERNS.list()
    .filter(
      (cheat) =>
        (cheat.languages === '*' || cheat.languages.includes(language)) &&
        matches(cheat.pattern, code) &&
        !matches(cheat.pattern, referenceCode),
    )
    .map((cheat) => `${cheat.name}: ${cheat.description}`);
}

/**
 * A verdict with the candidate's flags: a flagged pass becomes `pass-flagged` with the reason; other verdicts keep
 * theirs and carry the flags.
 */
export function withCheatFlags<R extends { verdict: string; reason?: string; flags?: string[] }>(
  result: R,
  flags: string[],
): R {
  if (flags.length === 0) return result;
  if (result.verdict !== 'pass') return { ...result, flags };
  return {
    ...result,
    verdict: 'pass-flagged',
    flags,
    reason:
      `the tests passed, but the candidate ` +
      `${flags.length === 1 ? 'matches a cheat pattern' : `matches ${flags.length} cheat patterns`}: ` +
      `${flags.join('; ')}`,
  };
}
