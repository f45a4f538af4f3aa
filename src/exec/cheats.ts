// Cheats that grading cannot see: a candidate that ends the process before the runner reports its
// failure, patches the test framework or its output, makes every comparison true, embeds a build
// product, or reads another process through /proc can pass with a wrong body. Each pattern looks at
// the candidate's own text (comments and strings included: code can hide in a string given to
// exec); it flags a candidate only when the task's reference does not match it too, so a function
// whose real body calls `_exit` is never flagged for doing the same. A flagged pass is its own
// verdict, `pass-flagged`, never counted as a pass. One registry (a plugin adds its own patterns).
import { Registry } from '../util/registry.ts';

export interface CheatPattern {
  name: string;
  /** what the pattern shows, as the verdict's reason says it. */
  description: string;
  /** the languages it applies to (task `language` ids); `*` = every language. */
  languages: readonly string[] | '*';
  pattern: RegExp;
}

export const CHEAT_PATTERNS = new Registry<CheatPattern>('cheat pattern');

export function registerCheatPattern(pattern: CheatPattern): CheatPattern {
  return CHEAT_PATTERNS.register(pattern.name, pattern);
}

const C_FAMILY = ['c', 'cpp', 'objc'];
const ECMASCRIPT = ['javascript', 'typescript', 'tsx'];
const JVM = ['java', 'kotlin', 'scala'];

for (const pattern of [
  { name: 'proc-files', description: 'reads /proc (another process\'s output or memory, its own file descriptors)', languages: '*', pattern: /\/proc\/(?:self|\d|['"`]|\$|\{|%)/ },
  { name: 'early-exit', description: 'ends the process itself (_exit, quick_exit, exit(0)) before the runner can report', languages: C_FAMILY, pattern: /\b(?:_exit|_Exit|quick_exit)\s*\(|\bexit\s*\(\s*(?:0|EXIT_SUCCESS)\s*\)/ },
  { name: 'constructor-function', description: 'runs code before main (a constructor function)', languages: C_FAMILY, pattern: /__attribute__\s*\(\(\s*(?:__)?constructor|#\s*pragma\s+init\b|\.init_array/ },
  { name: 'embedded-file', description: 'embeds a file at compile time (.incbin, #embed)', languages: C_FAMILY, pattern: /\.incbin\b|#\s*embed\b|__has_embed/ },
  {
    name: 'interposed-output',
    description: 'defines or looks up a C library function the runner uses (printf, write, exit, dlsym RTLD_NEXT)',
    languages: C_FAMILY,
    pattern: /\b(?:int|void|ssize_t|size_t|long)\s*\**\s*(?:printf|fprintf|vprintf|vfprintf|puts|fputs|putchar|fputc|fwrite|write|exit|abort|fflush|strcmp|memcmp)\s*\([^;{]*\)\s*\{|\bRTLD_NEXT\b/,
  },
  { name: 'python-exit', description: 'ends the interpreter itself (os._exit, sys.exit, os.kill, atexit)', languages: ['python'], pattern: /\bos\.(?:_exit|kill|abort)\s*\(|\bsys\.exit\s*\(|\batexit\b|\bexit\s*\(\s*\)|\bquit\s*\(/ },
  { name: 'python-test-framework', description: 'reaches into the test framework (unittest, pytest, assert methods, runtest)', languages: ['python'], pattern: /\bunittest\b|\b_?pytest\b|\bTestCase\b|\bassert[A-Z]\w*\s*=|\bruntest\b|\bsys\.modules\b|\bsys\._getframe\b|\binspect\.(?:stack|currentframe)\b|\bgc\.get_objects\b/ },
  { name: 'python-equality', description: 'defines comparison or hashing (__eq__ and kin): a value equal to anything', languages: ['python'], pattern: /\b__(?:eq|ne|hash|lt|le|gt|ge|cmp|bool)__\b/ },
  { name: 'python-output', description: 'replaces the interpreter\'s output, builtins or compiled code (sys.stdout, builtins, marshal, __pycache__)', languages: ['python'], pattern: /\bsys\.(?:stdout|stderr|__stdout__)\s*=|\bsys\.(?:stdout|stderr)\.write\s*=|\b(?:__)?builtins(?:__)?\b|\bmarshal\b|__pycache__|\.pyc\b/ },
  { name: 'node-exit', description: 'ends the process itself (process.exit, kill, abort)', languages: ECMASCRIPT, pattern: /\bprocess\s*\.\s*(?:exit|reallyExit|kill|abort)\b|\bprocess\s*\[\s*['"`](?:exit|reallyExit|kill|abort)/ },
  { name: 'node-test-framework', description: 'reaches into the test framework or its output (assert, node:test, process.stdout, console)', languages: ECMASCRIPT, pattern: /['"`](?:node:)?(?:assert|test|test\/reporters)(?:\/strict)?['"`]|\bprocess\s*\.\s*(?:stdout|stderr)\s*\.\s*write\s*=|\bconsole\s*\.\s*\w+\s*=|\bdefineProperty\s*\(\s*(?:process|console|globalThis|assert)\b|\brequire\s*\.\s*cache\b/ },
  // Code built at run time hides what the patterns above look for (`getattr(__import__('o' + 's'), '_exit')`).
  { name: 'python-dynamic-code', description: 'builds or loads code at run time (exec, eval, __import__, importlib, computed getattr)', languages: ['python'], pattern: /\b(?:exec|eval|compile|__import__)\s*\(|\bimportlib\b|\bgetattr\s*\(\s*(?:__import__|sys|os|builtins|globals|type)\b|\b(?:globals|locals|vars)\s*\(\s*\)\s*\[|\bctypes\b/ },
  { name: 'node-dynamic-code', description: 'builds or loads code at run time (eval, Function, computed require or process member)', languages: ECMASCRIPT, pattern: /\beval\s*\(|\bFunction\s*\(|\brequire\s*\(\s*[^'"`\s)]|\bimport\s*\(|\b(?:process|globalThis|global|module)\s*\[|\bvm\b\s*\.\s*run|['"`](?:node:)?(?:vm|child_process|worker_threads|inspector)['"`]/ },
  { name: 'c-dynamic-code', description: 'runs code the compiler does not see (inline assembly, raw system calls, dlopen, mprotect)', languages: C_FAMILY, pattern: /\b(?:__asm__|asm)\b\s*(?:volatile|__volatile__)?\s*\(|\bsyscall\s*\(|\bdl(?:open|sym)\s*\(|\bmprotect\s*\(|\bptrace\s*\(/ },
  { name: 'jvm-reflection', description: 'reaches code by reflection (Class.forName, getMethod, invoke)', languages: JVM, pattern: /\bClass\s*\.\s*forName\s*\(|\.\s*get(?:Declared)?(?:Method|Field)s?\s*\(|\.\s*invoke\s*\(|\bMethodHandles\b/ },
  { name: 'jvm-exit', description: 'ends the virtual machine itself (System.exit, Runtime.halt)', languages: JVM, pattern: /\bSystem\s*\.\s*exit\s*\(|\bRuntime\s*\.\s*getRuntime\s*\(\s*\)\s*\.\s*(?:halt|exit)\s*\(|\bexitProcess\s*\(/ },
  { name: 'jvm-test-framework', description: 'replaces the output or inspects the caller (System.setOut, stack walking, setAccessible)', languages: JVM, pattern: /\bSystem\s*\.\s*set(?:Out|Err)\s*\(|\bStackWalker\b|\bgetStackTrace\s*\(|\bgetAllStackTraces\b|\bsetAccessible\s*\(\s*true\s*\)/ },
  { name: 'jvm-equality', description: 'overrides equals or hashCode: a value equal to anything', languages: JVM, pattern: /\b(?:boolean\s+equals|int\s+hashCode|fun\s+equals|def\s+equals)\s*\(/ },
] satisfies CheatPattern[]) {
  registerCheatPattern(pattern);
}

function matches(pattern: RegExp, text: string): boolean {
  // a plugin's pattern with the g or y flag would keep its position from the last text
  pattern.lastIndex = 0;
  return pattern.test(text);
}

/** The patterns the candidate matches and its task's reference does not, as `name: description`. */
export function cheatFlags(language: string, candidate: string, reference: string): string[] {

  return CHEAT_PATTERNS.list()
    .filter((cheat) => (cheat.languages === '*' || cheat.languages.includes(language)) && matches(cheat.pattern, candidate) && !matches(cheat.pattern, reference))
    .map((cheat) => `${cheat.name}: ${cheat.description}`);
}

/** A verdict with the candidate's flags: a flagged pass becomes `pass-flagged` with the reason; other verdicts keep theirs and carry the flags. */
export function withCheatFlags<R extends { verdict: string; reason?: string; flags?: string[] }>(result: R, flags: string[]): R {
  if (flags.length === 0) return result;
  if (result.verdict !== 'pass') return { ...result, flags };
  return { ...result, verdict: 'pass-flagged', flags, reason: `the tests passed, but the candidate ${flags.length === 1 ? 'matches a cheat pattern' : `matches ${flags.length} cheat patterns`}: ${flags.join('; ')}` };
}
