// The keyword lists of k4black/codebleu 0.7.1 (codebleu/keywords/<lang>.txt), as data. They weigh
// unigrams in the weighted n-gram match (1 for a keyword, 0.2 otherwise) and are deliberately
// CodeBLEU's own lists, not the language tables' (those serve CrossCodeEval's identifier match).
// python, go, javascript, ruby, rust: copied from the package's files; java, c_sharp: the
// CodeXGLUE files the package took over. c, cpp, php: the standard keyword sets of the languages
// (the package's files could not be consulted), see docs/metrics.md.

export const CODEBLEU_LANGUAGES = [
  'c',
  'c_sharp',
  'cpp',
  'go',
  'java',
  'javascript',
  'php',
  'python',
  'ruby',
  'rust',
] as const;
export type CodeBleuLanguage = (typeof CODEBLEU_LANGUAGES)[number];

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const CODEBLEU_KEYWORDS: Record<CodeBleuLanguage, readonly string[]> = {
  python: words(`False None True and as assert async await break class continue def del elif else except
    finally for from global if import in is lambda nonlocal not or pass raise return try while with yield
    match case type`),
  go: words(`break default func interface select case defer go map struct chan else goto package switch
    const fallthrough if range type continue for import return var false true`),
  javascript: words(`await break case catch class const continue debugger default delete do else enum export
    extends false finally for function if implements import in instanceof interface let new null package
    private protected public return super switch static this throw try True typeof var void while with
    yield Text Builder onClick`),
  ruby: words(`__ENCODING__ __LINE__ __FILE__ BEGIN END alias and begin break case class def defined? do
    else elsif end ensure false for if in module next nil not or redo rescue retry return self super then
    true undef unless until when while yield`),
  rust: words(`as async await block bool break char const continue crate default dyn else enum expr extern
    f32 f64 false fn for i128 i16 i32 i64 i8 ident if impl in isize item let lifetime literal loop
    macro_rules! match meta mod move mut pat path pub ref return self static stmt str struct super trait
    true tt ty type u128 u16 u32 u64 u8 union unsafe use usize vis where while yield`),
  java: words(`abstract assert boolean break byte case catch char class const continue default do double
    else enum extends final finally float for goto if implements import instanceof int interface long
    native new package private protected public return short static strictfp super switch synchronized
    this throw throws transient try void volatile while`),
  c_sharp: words(`abstract as base bool break byte case catch char checked class const continue decimal
    default delegate do double else enum event explicit extern false finally fixed float for foreach goto
    if implicit in int interface internal is lock long namespace new null object operator out override
    params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string
    struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void
    volatile while add alias ascending async await by descending dynamic equals from get global group
    into join let nameof notnull on orderby partial remove select set unmanaged value var when where
    yield`),
  c: words(`auto break case char const continue default do double else enum extern float for goto if
    inline int long register restrict return short signed sizeof static struct switch typedef union
    unsigned void volatile while _Alignas _Alignof _Atomic _Bool _Complex _Generic _Imaginary _Noreturn
    _Static_assert _Thread_local`),
  cpp: words(`alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t
    char32_t class compl concept const consteval constexpr constinit const_cast continue co_await
    co_return co_yield decltype default delete do double dynamic_cast else enum explicit export extern
    false float for friend goto if inline int long mutable namespace new noexcept not not_eq nullptr
    operator or or_eq private protected public register reinterpret_cast requires return short signed
    sizeof static static_assert static_cast struct switch template this thread_local throw true try
    typedef typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq`),
  php: words(`__halt_compiler abstract and array as break callable case catch class clone const continue
    declare default die do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile
    eval exit extends final finally fn for foreach function global goto if implements include
    include_once instanceof insteadof interface isset list match namespace new or print private protected
    public readonly require require_once return static switch throw trait try unset use var while xor
    yield`),
};
