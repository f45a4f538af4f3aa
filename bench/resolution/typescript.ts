// TypeScript's ground truth for `npm run bench -- resolution`: the TypeScript compiler's own checker
// (the `typescript` package) on every .ts file of a source tree, with the tree's tsconfig.json options
// when it has one. Functions are the nodes ctxbench's tables make functions (src/languages/tables/
// javascript.ts): declarations, methods, accessors, constructors, and function or arrow expressions
// with a name of their own or assigned to a variable or class field; calls inside other (anonymous)
// functions belong to the named function around them.
import { readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import type { Truth, TruthCall, TruthCallKind, TruthExtractor, TruthFunction } from './truth.ts';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'debian']);

/**
 * The TypeScript files under root: sources and the tree's own .d.ts (node_modules, dot folders and debian/ left out).
 */
function typescriptFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile() && SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension))) {
        files.push(path);
      }
    }
  };
  walk(root);
  return files.sort();
}

/**
 * The tree's own compiler options (its tsconfig.json, whose `extends` may name a package it lacks), made permissive.
 */
function compilerOptions(root: string): ts.CompilerOptions {
  const defaults: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  let options = defaults;
  const config = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  if (config && resolve(config).startsWith(resolve(root) + sep)) {
    const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
    const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, host);
    if (parsed) options = { ...defaults, ...parsed.options };
  }
  return {
    ...options,
    noEmit: true,
    allowJs: false,
    checkJs: false,
    skipLibCheck: true,
    noResolve: false,
    composite: false,
    incremental: false,
  };
}

/** A node's name as the tree-sitter grammar's text gives it (a string-named method keeps its quotes). */
function nameText(name: ts.Node, file: ts.SourceFile): string {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) ? name.text : name.getText(file);
}

/**
 * The node naming a function that ctxbench indexes as one, or null (an anonymous function: its calls are its enclosing
 * function's).
 */
function functionNameNode(node: ts.Node): ts.Node | null {
  if (ts.isFunctionDeclaration(node)) return node.body && node.name ? node.name : null;
  if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node))
    return node.body ? node.name : null;
  if (ts.isConstructorDeclaration(node)) {
    if (!node.body) return null;
    return (
      node
        .getChildren()
        .find((child) => child.kind === ts.SyntaxKind.ConstructorKeyword || ts.isStringLiteral(child)) ?? node
    );
  }
  if (ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
    if (ts.isFunctionExpression(node) && node.name) return node.name;
    // `const f = () => ...`, `handler = () => ...` in a class: named by what it is assigned to
    const parent = node.parent;
    if (
      (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent)) &&
      parent.initializer === node &&
      ts.isIdentifier(parent.name)
    )
      return parent.name;
  }
  return null;
}

/** The body whose calls a function owns (its parameters' defaults and decorators are its surroundings'). */
function bodyOf(node: ts.Node): ts.Node | undefined {
  return (node as ts.FunctionLikeDeclarationBase).body;
}

const lineOf = (file: ts.SourceFile, position: number) => file.getLineAndCharacterOfPosition(position).line + 1;

/** What a call names and how: null for a callee without a name (`f()()`, `(a || b)()`, `import()`). */
function calleeOf(
  call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression,
): { kind: TruthCallKind; name: string; nameNode: ts.Node; viaSuper: boolean } | null {
  let expression: ts.Expression = ts.isTaggedTemplateExpression(call) ? call.tag : call.expression;
  while (ts.isNonNullExpression(expression)) expression = expression.expression;
  const constructs = ts.isNewExpression(call);
  if (expression.kind === ts.SyntaxKind.SuperKeyword)
    return constructs ? null : { kind: 'constructor', name: 'super', nameNode: expression, viaSuper: false };
  const kind = (member: boolean): TruthCallKind => (constructs ? 'constructor' : member ? 'member' : 'call');
  if (ts.isIdentifier(expression))
    return { kind: kind(false), name: expression.text, nameNode: expression, viaSuper: false };
  if (ts.isPropertyAccessExpression(expression)) {
    return {
      kind: kind(true),
      name: expression.name.text,
      nameNode: expression.name,
      viaSuper: expression.expression.kind === ts.SyntaxKind.SuperKeyword,
    };
  }
  if (ts.isElementAccessExpression(expression) && ts.isStringLiteralLike(expression.argumentExpression)) {
    return {
      kind: kind(true),
      name: expression.argumentExpression.text,
      nameNode: expression.argumentExpression,
      viaSuper: false,
    };
  }
  return null;
}

/**
 * Declarations whose call is a call through a value the checker cannot follow (an interface member, a function-typed
 * parameter or field).
 */
function isValueSignature(node: ts.Node): boolean {
  return (
    ts.isMethodSignature(node) ||
    ts.isPropertySignature(node) ||
    ts.isFunctionTypeNode(node) ||
    ts.isCallSignatureDeclaration(node) ||
    ts.isConstructSignatureDeclaration(node) ||
    ts.isConstructorTypeNode(node) ||
    ts.isParameter(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isBindingElement(node)
  );
}

/** The name of the class that a `super(...)` call's class extends, as its `extends` clause writes it. */
function baseClassName(node: ts.Node): string | undefined {
  let current: ts.Node | undefined = node;
  while (current && !ts.isClassLike(current)) current = current.parent;
  const base = current?.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]
    ?.expression;
  if (!base) return undefined;
  return ts.isIdentifier(base) ? base.text : ts.isPropertyAccessExpression(base) ? base.name.text : undefined;
}

const isAbstract = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AbstractKeyword);

/** The TypeScript checker's call graph of the .ts files under root. */
export async function typescriptTruth(root: string): Promise<Truth> {
  root = resolve(root);
  const files = typescriptFiles(root);
  const options = compilerOptions(root);
  const program = ts.createProgram({ rootNames: files, options });
  const checker = program.getTypeChecker();
  const inRoot = (fileName: string) => resolve(fileName).startsWith(root + sep);
  const sources = program
    .getSourceFiles()
    .filter((file) => inRoot(file.fileName) && !file.isDeclarationFile && !file.fileName.includes('/node_modules/'));
  const isExternalFile = (file: ts.SourceFile) =>
    file.isDeclarationFile ||
    file.fileName.includes('/node_modules/') ||
    program.isSourceFileDefaultLibrary(file) ||
    !inRoot(file.fileName);

  // -- functions, and the methods subclasses override ----------------------------------------
  const functions: TruthFunction[] = [];
  const indexOf = new Map<ts.Node, number>();
  const overridden = new Set<ts.Node>();
  for (const file of sources) {
    const path = relative(root, file.fileName).split(sep).join('/');
    const visit = (node: ts.Node, scope: string[]) => {
      const nameNode = functionNameNode(node);
      let inner = scope;
      if (nameNode) {
        const name = ts.isConstructorDeclaration(node) ? 'constructor' : nameText(nameNode, file);
        indexOf.set(node, functions.length);
        functions.push({
          path,
          line: lineOf(file, nameNode.getStart(file)),
          name,
          qualifiedName: [...scope, name].join('.'),
        });
        inner = [...scope, name];
      } else if (
        (ts.isClassLike(node) || ts.isModuleDeclaration(node) || ts.isInterfaceDeclaration(node)) &&
        node.name &&
        ts.isIdentifier(node.name)
      ) {
        inner = [...scope, node.name.text];
      }
      if (ts.isClassLike(node)) markOverridden(node);
      ts.forEachChild(node, (child) => visit(child, inner));
    };
    visit(file, []);
  }

  /** Every member of the class's base classes that one of its own members overrides. */
  function markOverridden(node: ts.ClassLikeDeclaration): void {
    const type = checker.getTypeAtLocation(node);
    if (!(type.flags & ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface))
      return;
    const bases = checker.getBaseTypes(type as ts.InterfaceType);
    for (const member of node.members) {
      if (
        !member.name ||
        !(
          ts.isMethodDeclaration(member) ||
          ts.isPropertyDeclaration(member) ||
          ts.isGetAccessorDeclaration(member) ||
          ts.isSetAccessorDeclaration(member)
        )
      )
        continue;
      if ((ts.getModifiers(member) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)) continue;
      const name =
        ts.isIdentifier(member.name) || ts.isPrivateIdentifier(member.name)
          ? member.name.text
          : ts.isStringLiteral(member.name)
            ? member.name.text
            : null;
      if (name === null) continue;
      for (const base of bases)
        for (const declaration of base.getProperty(name)?.declarations ?? []) overridden.add(declaration);
    }
  }

  // -- calls ---------------------------------------------------------------------------------
  const calls: TruthCall[] = [];
  const skipped = { unresolved: 0, nameless: 0, outside: 0 };

  /** The declaration a call resolves to: the checker's chosen signature, else the callee's symbol (through imports). */
  function declarationsOf(
    call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression,
    nameNode: ts.Node,
  ): ts.Declaration[] {
    const declaration = checker.getResolvedSignature(call)?.declaration;
    if (declaration && !ts.isJSDocSignature(declaration)) return [declaration];
    let symbol = checker.getSymbolAtLocation(nameNode);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations ?? [];
  }

  /** An overload signature stands for the implementation that follows it. */
  function implementationOf(declaration: ts.Declaration): ts.Declaration {
    if (ts.isConstructorDeclaration(declaration) && !declaration.body) {
      return (
        declaration.parent.members.find((member) => ts.isConstructorDeclaration(member) && member.body) ?? declaration
      );
    }
    if (
      (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) &&
      !declaration.body &&
      declaration.name
    ) {
      const symbol = checker.getSymbolAtLocation(declaration.name);
      return (
        symbol?.declarations?.find(
          (other) => other.kind === declaration.kind && (other as ts.FunctionLikeDeclaration).body,
        ) ?? declaration
      );
    }
    return declaration;
  }

  /**
   * A call through a variable, parameter or field that holds a function (`let cancel = noop; cancel()`): its target is
   * only the one the checker saw assigned.
   */
  function throughValue(nameNode: ts.Node, declaration: ts.Declaration): boolean {
    let symbol = checker.getSymbolAtLocation(nameNode);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const holder = symbol?.valueDeclaration;
    if (!holder || holder === declaration || !isValueSignature(holder)) return false;
    const initializer = (holder as { initializer?: ts.Expression }).initializer;
    return initializer !== (declaration as ts.Node);
  }

  function record(
    owner: number,
    file: ts.SourceFile,
    call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression,
  ): void {
    const callee = calleeOf(call);
    if (!callee) {
      skipped.nameless++;
      return;
    }
    if (owner < 0) {
      skipped.outside++;
      return;
    }
    const declarations = declarationsOf(call, callee.nameNode).map(implementationOf);
    const declaration = declarations[0];
    if (!declaration) {
      skipped.unresolved++;
      return;
    }
    // `super(...)` constructs the base class: named by it, as `new Base(...)` is
    const name = callee.name === 'super' ? (baseClassName(call) ?? 'super') : callee.name;
    const line = lineOf(file, call.getStart(file));
    if (isExternalFile(declaration.getSourceFile())) {
      calls.push({ caller: owner, line, kind: callee.kind, name, callee: null, external: true });
      return;
    }
    const index = indexOf.get(declaration);
    const site: TruthCall = { caller: owner, line, kind: callee.kind, name, callee: index ?? null, external: false };
    const abstractMember =
      (ts.isMethodDeclaration(declaration) || ts.isPropertyDeclaration(declaration)) && isAbstract(declaration);
    const viaReceiver = callee.kind === 'member' && !callee.viaSuper;
    if (
      abstractMember ||
      (!bodyOf(declaration) && isValueSignature(declaration)) ||
      new Set(declarations).size > 1 ||
      throughValue(callee.nameNode, declaration)
    )
      site.unsettled = 'virtual';
    else if (viaReceiver && overridden.has(declaration)) site.unsettled = 'virtual';
    calls.push(site);
  }

  const filesWithErrors = new Set<string>();
  for (const file of sources) {
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    if (diagnostics.some((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error))
      filesWithErrors.add(file.fileName);
    const visit = (node: ts.Node, owner: number): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
        if (!(ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword))
          record(owner, file, node);
      }
      const own = indexOf.get(node);
      if (own === undefined) {
        ts.forEachChild(node, (child) => visit(child, owner));
        return;
      }
      const body = bodyOf(node);
      ts.forEachChild(node, (child) => visit(child, child === body ? own : owner));
    };
    visit(file, -1);
  }
  const counts = { repo: 0, external: 0, virtual: 0, none: 0 };
  for (const call of calls)
    counts[call.unsettled ? 'virtual' : call.callee !== null ? 'repo' : call.external ? 'external' : 'none']++;
  process.stderr.write(
    `typescript ${ts.version}: ${sources.length} files (${filesWithErrors.size} with errors), ${functions.length} functions, ${calls.length} calls ` +
      `(${counts.repo} in the repository, ${counts.external} external, ${counts.virtual} virtual, ${counts.none} to unindexed code); ` +
      `skipped: ${skipped.unresolved} unresolved, ${skipped.nameless} without a name, ${skipped.outside} outside ` +
      `functions\n`,
  );
  return { tool: `typescript ${ts.version}`, functions, calls, filesWithErrors: filesWithErrors.size };
}

export const typescript: TruthExtractor = {
  languages: ['typescript'],
  packages: ['node-got', 'node-yargs'],
  extract: typescriptTruth,
};
