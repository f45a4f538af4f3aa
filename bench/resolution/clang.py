#!/usr/bin/python3
"""The C/C++ call graph libclang computes for a source tree: the ground truth of `npm run bench -- resolution`.

Usage: clang.py ROOT [--lang c|cpp] [--compile-commands FILE]
Prints the Truth shape of bench/resolution/truth.ts as JSON on stdout; a summary on stderr.

Every translation unit of the language (.c files; .cpp/.cc/.cxx/.c++ files) is parsed with the
flags of the tree's compile_commands.json (given, or from `cmake -S ROOT -B TMP`, configure only)
or else with `-I` for every folder holding headers. Headers are reached through includes: only
definitions and calls located in files under ROOT are recorded (not under dot folders or debian/).
Needs Debian's python3-clang (libclang 14): run with /usr/bin/python3.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

# this file is itself named clang.py: import Debian's clang package, not this script
_here = os.path.dirname(os.path.realpath(__file__))
sys.path = [entry for entry in sys.path if os.path.realpath(entry or '.') != _here]
import clang.cindex as ci  # noqa: E402

K = ci.CursorKind
FUNCTION_KINDS = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.FUNCTION_TEMPLATE, K.CONVERSION_FUNCTION}
CONTAINER_KINDS = {
    K.NAMESPACE, K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL, K.CLASS_TEMPLATE,
    K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION, K.LINKAGE_SPEC, K.UNEXPOSED_DECL,
}
TEMPLATE_KINDS = {K.FUNCTION_TEMPLATE, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
SCOPE_KINDS = {K.NAMESPACE, K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
BODY_KINDS = {K.COMPOUND_STMT, K.CXX_TRY_STMT}
REFERENCE_TYPES = {ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE}
SOURCE_EXTENSIONS = {'c': ('.c',), 'cpp': ('.cpp', '.cc', '.cxx', '.c++')}
HEADER_EXTENSIONS = ('.h', '.hh', '.hpp', '.hxx', '.h++', '.inl', '.ipp', '.tpp', '.inc')
OPERATOR = re.compile(r'^operator(?![A-Za-z0-9_])')
IDENTIFIER = re.compile(r'^~?[A-Za-z_][A-Za-z0-9_]*$')
BUILTIN = re.compile(r'^__(?:builtin|sync|atomic)_')
TEMPLATE_ARGUMENTS = re.compile(r'<.*>$')


def skipped_dir(name):
    return name.startswith('.') or name == 'debian'


class Extractor:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.functions = []          # TruthFunction dicts
        self.by_key = {}             # (path, line, name) -> index
        self.by_usr = {}             # USR of a definition -> index
        self.walked = set()          # keys whose body was walked
        self.seen_scopes = set()     # header containers already walked: (path, offset, kind)
        self.calls = []              # TruthCall dicts, callee pending: 'usr', 'template_usr', 'defkey', 'candidate', 'implicit'
        self.relpaths = {}           # file name -> relative path under root, or None
        self.skipped = Counter()     # calls left out, by reason (stderr summary)
        self.examples = {}           # reason -> a few `path:line name`
        self.lines = {}              # path -> its lines (is a name written where clang locates it?)
        self.generated = set()       # definitions a macro expansion generates (`TEST(a, b)`): left out

    # -- paths -------------------------------------------------------------------------------
    def rel(self, file):
        """The path of a clang File (or name) relative to the root, None when outside it (or skipped)."""
        if file is None:
            return None
        name = file if isinstance(file, str) else file.name
        cached = self.relpaths.get(name)
        if cached is not None or name in self.relpaths:
            return cached
        full = os.path.realpath(name)
        rel = None
        if full == self.root or full.startswith(self.root + os.sep):
            rel = os.path.relpath(full, self.root)
            if any(skipped_dir(part) for part in rel.split(os.sep)[:-1]):
                rel = None
        self.relpaths[name] = rel
        return rel

    def skip(self, reason, path, line, name):
        self.skipped[reason] += 1
        examples = self.examples.setdefault(reason, [])
        if len(examples) < 5:
            examples.append(f'{path}:{line} {name}')

    def written_at(self, path, location, name):
        """The name is written at the location (not produced by a macro expansion there)."""
        lines = self.lines.get(path)
        if lines is None:
            with open(os.path.join(self.root, path), errors='replace') as handle:
                lines = self.lines[path] = handle.read().split('\n')
        if location.line > len(lines):
            return False
        text = lines[location.line - 1].encode('utf-8', 'replace')[location.column - 1:].decode('utf-8', 'replace')
        if OPERATOR.match(name):
            return text.startswith('operator')  # a conversion operator's type is spelled as clang prints it
        return re.sub(r'\s+', '', text).startswith(re.sub(r'\s+', '', name))

    # -- functions ---------------------------------------------------------------------------
    def macro_with_body(self, cursor, path, children):
        """The name of the macro a definition comes from when the source writes its body after the macro's
        arguments (`TEST_F(Fixture, name) { ... }`), else None (a body the expansion writes too)."""
        body = next((child for child in children if child.kind in BODY_KINDS), None)
        start = body.extent.start if body is not None else None
        if start is None or start.file is None or self.rel(start.file) != path or start.offset <= cursor.location.offset:
            return None
        lines = self.lines[path]
        if lines[start.line - 1].encode('utf-8', 'replace')[start.column - 1:start.column] != b'{':
            return None
        written = lines[cursor.location.line - 1].encode('utf-8', 'replace')[cursor.location.column - 1:].decode('utf-8', 'replace')
        match = re.match(r'([A-Za-z_]\w*)\s*\(', written)
        return match.group(1) if match else None

    @staticmethod
    def has_body(cursor):
        return any(child.kind in BODY_KINDS for child in cursor.get_children())

    def qualified_name(self, cursor):
        parts = [self.function_name(cursor)]
        parent = cursor.semantic_parent
        while parent is not None and parent.kind in SCOPE_KINDS:
            parts.append(parent.spelling or '(anonymous)')
            parent = parent.semantic_parent
        return '::'.join(reversed(parts))

    @staticmethod
    def in_template(cursor):
        node = cursor
        while node is not None and node.kind != K.TRANSLATION_UNIT:
            if node.kind in TEMPLATE_KINDS:
                return True
            node = node.semantic_parent
        return False

    def function_index(self, path, line, name, qualified):
        key = (path, line, name)
        index = self.by_key.get(key)
        if index is None:
            index = len(self.functions)
            self.functions.append({'path': path, 'line': line, 'name': name, 'qualifiedName': qualified})
            self.by_key[key] = index
        return index

    # -- the walk ----------------------------------------------------------------------------
    def walk_scope(self, cursor, main_file):
        for child in cursor.get_children():
            location = child.location
            path = self.rel(location.file)
            if path is None:
                continue
            kind = child.kind
            if kind in FUNCTION_KINDS:
                if child.is_definition():
                    self.walk_function(child, path)
            elif kind in CONTAINER_KINDS:
                if location.file.name != main_file:
                    scope = (path, child.extent.start.offset, kind)
                    if scope in self.seen_scopes:
                        continue
                    self.seen_scopes.add(scope)
                self.walk_scope(child, main_file)

    @staticmethod
    def function_name(cursor):
        """The spelling, without the template arguments clang gives a class template's constructor (`Foo<T>`)."""
        name = cursor.spelling
        return name if OPERATOR.match(name) else TEMPLATE_ARGUMENTS.sub('', name)

    def walk_function(self, cursor, path):
        name = self.function_name(cursor)
        key = (path, cursor.location.line, name)
        if key in self.walked or key in self.generated:
            return
        children = list(cursor.get_children())
        if not any(child.kind in BODY_KINDS for child in children):
            return  # `= default`, `= delete`
        qualified = None
        if not self.written_at(path, cursor.location, name):
            # gtest's `TEST(a, b) { ... }` defines `a_b_Test::TestBody`: no reader of the source sees that name, but the
            # body is the source's, so it is the function a reader sees, named by its macro (`TEST`) as a reader names it
            macro = self.macro_with_body(cursor, path, children)
            if macro is None:
                self.generated.add(key)
                if os.environ.get('CLANG_TRUTH_DEBUG'):
                    print(f'generated: {path}:{key[1]} {name}', file=sys.stderr)
                return
            name = macro
            key = (path, cursor.location.line, name)
            if key in self.walked:
                return
            qualified = '::'.join([*self.qualified_name(cursor.semantic_parent).split('::')[:-1], name])
        self.walked.add(key)
        index = self.function_index(path, cursor.location.line, name, qualified or self.qualified_name(cursor))
        usr = cursor.get_usr()
        if usr:
            self.by_usr.setdefault(usr, index)
        template = self.in_template(cursor)
        for child in children:
            self.walk_body(child, index, template, cursor)

    def walk_body(self, cursor, caller, template, parent):
        kind = cursor.kind
        if kind in FUNCTION_KINDS:
            # a method of a local class: a function of its own
            path = self.rel(cursor.location.file)
            if path is not None and cursor.is_definition():
                self.walk_function(cursor, path)
            return
        if kind in (K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL, K.CLASS_TEMPLATE):
            for child in cursor.get_children():
                self.walk_body(child, caller, template, cursor)
            return
        if kind == K.CALL_EXPR:
            self.call(cursor, caller, template, parent)
        # a functional cast or a variable stays the parent through the wrappers clang puts around the
        # construction it writes when a temporary is bound (`Node(x)`: cast > unexposed > unexposed >
        # call; `Token t(k, in.mark());`: variable > unexposed > call)
        wraps_construction = parent is not None and parent.kind in (K.CXX_FUNCTIONAL_CAST_EXPR, K.VAR_DECL)
        through = parent if kind == K.UNEXPOSED_EXPR and wraps_construction else cursor
        for child in cursor.get_children():
            self.walk_body(child, caller, template, through)

    # -- calls -------------------------------------------------------------------------------
    @staticmethod
    def unwrap(cursor):
        while cursor is not None and cursor.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            children = list(cursor.get_children())
            if len(children) != 1:
                break
            cursor = children[0]
        return cursor

    @staticmethod
    def name_from_tokens(cursor):
        tokens = [token.spelling for token in cursor.get_tokens()]
        # drop a trailing template argument list (`foo<T>`)
        if tokens and tokens[-1] == '>':
            depth = 0
            for i in range(len(tokens) - 1, -1, -1):
                depth += tokens[i] == '>'
                depth -= tokens[i] == '<'
                if depth == 0:
                    tokens = tokens[:i]
                    break
        for i in range(len(tokens) - 1, -1, -1):
            if IDENTIFIER.match(tokens[i]):
                return ('~' if i > 0 and tokens[i - 1] == '~' else '') + tokens[i]
        return ''

    @staticmethod
    def implicit_wrapper(call):
        """An elidable copy or move construction around one expression (`return T();`, `return "text";`)."""
        if call.spelling != '':
            return False
        children = list(call.get_children())
        return len(children) == 1 and children[0].kind in (K.UNEXPOSED_EXPR, K.CALL_EXPR)

    def callee_expression(self, call):
        """The expression naming the callee (a call's first child, unwrapped), or None (constructors)."""
        for child in call.get_children():
            return self.unwrap(child)
        return None

    def dependent_name(self, call, callee):
        if callee is None:
            return call.spelling
        for node in [callee, *callee.get_children()]:
            if node.kind == K.OVERLOADED_DECL_REF:
                return node.spelling
        return call.spelling or self.name_from_tokens(callee)

    def virtual_dispatch(self, member):
        """A member call through a pointer, a reference or `this`, not qualified by a class name."""
        base = None
        for child in member.get_children():
            if child.kind in (K.TYPE_REF, K.NAMESPACE_REF, K.TEMPLATE_REF):
                return False  # `Base::f()`, `obj.Base::f()`
            base = child
        if base is None:
            return True  # implicit `this`
        tokens = [token.spelling for token in member.get_tokens()]
        name_at = max((i for i, t in enumerate(tokens) if t == member.spelling), default=-1)
        if name_at > 0 and tokens[name_at - 1] == '->':
            return True
        base = self.unwrap(base)
        if base is not None and base.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR):
            declared = base.referenced
            if declared is not None and declared.kind in (K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL) and declared.type.kind not in REFERENCE_TYPES:
                return False  # an object (not a pointer or reference): its type is its dynamic type
        return True

    @staticmethod
    def written_construction(call, parent):
        """A construction the code writes: `T(x)`, `T{x}`, `new T(x)`, `T v(x)`, `T v;`, a base or member
        initializer; not the copies, moves and conversions the compiler adds around arguments, return
        values and `T v = expr;`."""
        # `T(x)` with one argument is a functional cast in clang's tree: the type is the cast's child,
        # not the constructor call's, and the call is the construction the code writes.
        if parent.kind in (K.CXX_NEW_EXPR, K.CONSTRUCTOR, K.CXX_FUNCTIONAL_CAST_EXPR):
            return True
        for child in call.get_children():
            if child.kind in (K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF):
                return True
            break
        if parent.kind == K.VAR_DECL:
            first = next(iter(call.get_tokens()), None)
            return first is not None and first.spelling == parent.spelling
        return False

    def call(self, call, caller, template, parent):
        path = self.rel(call.location.file)
        if path is None:
            self.skipped['located outside the tree'] += 1
            return
        line = call.location.line
        referenced = call.referenced
        callee_expr = self.callee_expression(call)
        record = {'caller': caller, 'line': line}
        if referenced is None and self.implicit_wrapper(call):
            self.skip('an implicit copy or move of a value (libclang names no constructor)', path, line, ' '.join(t.spelling for t in call.get_tokens())[:60])
            return
        if referenced is None or referenced.kind == K.OVERLOADED_DECL_REF:
            if template:
                kind = 'constructor' if callee_expr is not None and callee_expr.kind == K.TYPE_REF else (
                    'member' if callee_expr is not None and callee_expr.kind == K.MEMBER_REF_EXPR else 'call')
                self.calls.append({**record, 'kind': kind, 'name': self.dependent_name(call, callee_expr), 'callee': None,
                                   'external': False, 'unsettled': 'dependent'})
            else:
                self.skip('no referenced declaration (outside templates)', path, line, call.spelling or ' '.join(t.spelling for t in call.get_tokens())[:60])
            return
        rkind = referenced.kind
        if rkind not in FUNCTION_KINDS:
            if rkind in (K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL):
                self.skip('call through a function pointer or callable variable', path, line, referenced.spelling)
            elif template and rkind in (K.TEMPLATE_TYPE_PARAMETER, K.TYPE_ALIAS_DECL, K.TYPEDEF_DECL, K.CLASS_TEMPLATE):
                self.calls.append({**record, 'kind': 'constructor', 'name': referenced.spelling, 'callee': None,
                                   'external': False, 'unsettled': 'dependent'})
            else:
                self.skip(f'unclassified: referenced {rkind.name}', path, line, referenced.spelling)
            return
        if rkind == K.CONSTRUCTOR and not self.written_construction(call, parent):
            self.skip('an implicit copy, move or conversion (a constructor the code does not name)', path, line, referenced.spelling)
            return
        if rkind == K.CONVERSION_FUNCTION and not any(token.spelling == 'operator' for token in call.get_tokens()):
            self.skip('an implicit conversion operator', path, line, referenced.spelling)
            return
        name = self.function_name(referenced)
        if rkind == K.CONSTRUCTOR:
            kind = 'constructor'
        elif rkind == K.DESTRUCTOR:
            kind = 'destructor'
        elif OPERATOR.match(name):
            kind = 'operator'
        elif callee_expr is not None and callee_expr.kind == K.MEMBER_REF_EXPR:
            kind = 'member'
        else:
            kind = 'call'
        declared_in = referenced.location.file
        external = declared_in is None or self.rel(declared_in) is None or BUILTIN.match(name) is not None
        entry = {**record, 'kind': kind, 'name': name, 'callee': None, 'external': external}
        if kind in ('member', 'operator', 'destructor') and referenced.kind in (K.CXX_METHOD, K.DESTRUCTOR, K.CONVERSION_FUNCTION) \
                and referenced.is_virtual_method():
            member = callee_expr if callee_expr is not None and callee_expr.kind == K.MEMBER_REF_EXPR else None
            if member is None or self.virtual_dispatch(member):
                entry['unsettled'] = 'virtual'
        # a declaration outside the tree may still be of a function the tree defines (jansson's tests include
        # the copy of jansson.h that CMake writes to its build folder): looked up by USR all the same
        entry['usr'] = referenced.get_usr()
        if not external:
            pattern = ci.conf.lib.clang_getSpecializedCursorTemplate(referenced)
            if pattern is not None and not pattern.kind.is_invalid():
                entry['template_usr'] = pattern.get_usr()
            definition = referenced.get_definition()
            if definition is not None and not self.implicit(definition):
                def_path = self.rel(definition.location.file)
                if def_path is not None:
                    entry['defkey'] = (def_path, definition.location.line, self.function_name(definition))
                    owner = definition.semantic_parent
                    lambda_class = owner is not None and owner.kind == K.CLASS_DECL and owner.spelling == ''
                    if not lambda_class and self.has_body(definition):
                        entry['candidate'] = self.qualified_name(definition)
            elif definition is not None:
                entry['implicit'] = True
        self.calls.append(entry)

    @staticmethod
    def implicit(definition):
        """A member the compiler declares (`B()`, a copy constructor, `operator=`): located at its class's name."""
        parent = definition.semantic_parent
        if parent is None or parent.kind not in SCOPE_KINDS:
            return False
        here, there = definition.location, parent.location
        return here.line == there.line and here.column == there.column

    # -- translation units -------------------------------------------------------------------
    def parse(self, index, source, args):
        try:
            # not PARSE_INCOMPLETE: it skips the implicit instantiations, and with them the definitions of
            # the template specializations a call refers to
            tu = index.parse(source, args=args)
        except ci.TranslationUnitLoadError as error:
            return [f'cannot parse: {error}']
        errors = [d.spelling for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
        self.walk_scope(tu.cursor, tu.spelling)
        return errors

    def finish(self):
        calls = []
        for entry in self.calls:
            callee = None
            if 'defkey' in entry:
                callee = self.by_key.get(entry['defkey'])
            if callee is None and entry.get('implicit'):
                pass
            elif callee is None and entry.get('usr'):
                callee = self.by_usr.get(entry['usr'])
                if callee is None and entry.get('template_usr'):
                    callee = self.by_usr.get(entry['template_usr'])
            if callee is None and 'candidate' in entry and entry['defkey'] not in self.generated:
                path, line, name = entry['defkey']
                callee = self.function_index(path, line, name, entry['candidate'])
            entry['callee'] = callee
            if callee is not None:
                entry['external'] = False
            for key in ('usr', 'template_usr', 'defkey', 'candidate', 'implicit'):
                entry.pop(key, None)
            calls.append(entry)
        return calls


# -- compiler flags ------------------------------------------------------------------------------
def source_files(root, lang):
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not skipped_dir(d))
        for file in sorted(files):
            if file.endswith(SOURCE_EXTENSIONS[lang]):
                found.append(os.path.join(folder, file))
    return found


def header_folders(root):
    """Every folder holding headers, and the folders above them (`#include "lib/x.h"`)."""
    folders = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not skipped_dir(d))
        if any(file.endswith(HEADER_EXTENSIONS) for file in files):
            while folder not in folders and (folder == root or folder.startswith(root + os.sep)):
                folders.append(folder)
                folder = os.path.dirname(folder)
    return sorted(folders)


OPTIONAL_PARTS = re.compile(r'TEST|BENCH|EXAMPLE|SAMPLE|DEMO|DOC')


def cmake_commands(root, scratch):
    """Configures (never builds) the tree with CMake for its compile_commands.json; when that fails, once
    more with the top-level options that add tests, examples or docs turned off (they often need
    libraries the tree does not ship: those files then get the fallback flags)."""
    lists = os.path.join(root, 'CMakeLists.txt')
    if not os.path.exists(lists) or shutil.which('cmake') is None:
        return None
    with open(lists, errors='replace') as handle:
        options = re.findall(r'\b(?:cmake_dependent_)?option\s*\(\s*([A-Za-z0-9_]+)', handle.read())
    off = ['-DBUILD_TESTING=OFF'] + [f'-D{name}=OFF' for name in options if OPTIONAL_PARTS.search(name.upper())]
    file = os.path.join(scratch, 'compile_commands.json')
    for extra in ([], off):
        try:
            subprocess.run(['cmake', '-S', root, '-B', scratch, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON', *extra],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if os.path.exists(file):
            return file
    return None


def commands_by_file(file):
    """compile_commands.json: source path -> clang arguments (compiler, -c, -o and the source left out)."""
    by_file = {}
    with open(file) as handle:
        entries = json.load(handle)
    for entry in entries:
        directory = entry.get('directory', '.')
        arguments = entry.get('arguments') or shlex.split(entry.get('command', ''))
        source = os.path.realpath(os.path.join(directory, entry['file']))
        args = []
        skip = False
        for argument in arguments[1:]:
            if skip:
                skip = False
                continue
            if argument in ('-c', '-MD', '-MMD'):
                continue
            if argument in ('-o', '-MF', '-MT', '-MQ'):
                skip = True
                continue
            if os.path.realpath(os.path.join(directory, argument)) == source:
                continue
            args.append(argument)
        by_file.setdefault(source, [f'-working-directory={directory}', *args])
    return by_file


def command_includes(commands):
    folders = []
    for args in commands.values():
        directory = args[0][len('-working-directory='):]
        for i, argument in enumerate(args):
            folder = None
            if argument in ('-I', '-isystem') and i + 1 < len(args):
                folder = args[i + 1]
            elif argument.startswith('-I'):
                folder = argument[2:]
            elif argument.startswith('-isystem') and len(argument) > len('-isystem'):
                folder = argument[len('-isystem'):]
            if folder:
                folder = os.path.realpath(os.path.join(directory, folder))
                if folder not in folders:
                    folders.append(folder)
    return folders


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('root')
    parser.add_argument('--lang', choices=['c', 'cpp'], default='cpp')
    parser.add_argument('--compile-commands')
    options = parser.parse_args()
    root = os.path.realpath(options.root)
    extractor = Extractor(root)
    scratch = tempfile.mkdtemp(prefix='resolution-cmake-')
    commands_file = options.compile_commands or cmake_commands(root, scratch)
    commands = commands_by_file(commands_file) if commands_file else {}
    fallback = ['-x', 'c' if options.lang == 'c' else 'c++', '-std=c11' if options.lang == 'c' else '-std=c++17']
    fallback += [f'-I{folder}' for folder in header_folders(root)]
    # the include folders the configured build adds (generated headers), after the tree's own
    for folder in command_includes(commands):
        if f'-I{folder}' not in fallback:
            fallback.append(f'-I{folder}')
    resource = sorted(glob.glob('/usr/lib/llvm-14/lib/clang/*/include'))
    if resource:
        fallback.append(f'-resource-dir={os.path.dirname(resource[-1])}')
    index = ci.Index.create()
    sources = source_files(root, options.lang)
    with_errors = 0
    from_commands = 0
    messages = Counter()
    for source in sources:
        args = commands.get(os.path.realpath(source))
        if args is not None:
            from_commands += 1
        else:
            args = fallback
        errors = extractor.parse(index, source, args)
        if errors:
            with_errors += 1
            for message in errors[:3]:
                messages[message] += 1
    shutil.rmtree(scratch, ignore_errors=True)
    calls = extractor.finish()
    ci.conf.lib.clang_getClangVersion.restype = ci._CXString
    ci.conf.lib.clang_getClangVersion.errcheck = ci._CXString.from_result
    tool = ci.conf.lib.clang_getClangVersion()
    match = re.search(r'version (\S+)', tool)
    truth = {
        'tool': f'libclang {match.group(1) if match else tool}',
        'functions': extractor.functions,
        'calls': calls,
        'filesWithErrors': with_errors,
    }
    json.dump(truth, sys.stdout)
    unsettled = Counter(call.get('unsettled') for call in calls if call.get('unsettled'))
    print(f'clang.py: {len(sources)} translation units ({from_commands} with compile_commands.json flags), {with_errors} with errors; '
          f'{len(extractor.functions)} functions, {len(calls)} calls ({dict(unsettled)} unsettled)', file=sys.stderr)
    if extractor.generated:
        print(f'clang.py: left out {len(extractor.generated)} definitions a macro expansion generates (gtest\'s TEST, doctest\'s TEST_CASE)', file=sys.stderr)
    for reason, count in extractor.skipped.most_common():
        examples = extractor.examples.get(reason)
        print(f'clang.py: skipped {count} calls: {reason}' + (f', e.g. {"; ".join(examples)}' if examples else ''), file=sys.stderr)
    for message, count in messages.most_common(5):
        print(f'clang.py: error x{count}: {message}', file=sys.stderr)


if __name__ == '__main__':
    main()
