// The call graph javac's tree API computes for a Java source tree: the ground truth of
// `npm run bench -- resolution` for Java (bench/resolution/java.ts compiles and runs it).
// Usage: java --add-exports jdk.compiler/com.sun.tools.javac.{tree,code}=ALL-UNNAMED CallGraph ROOT
// Prints one JSON object (bench/resolution/truth.ts's Truth) on stdout and a summary on stderr.
// The classpath holds no dependencies: their calls stay unresolved and are skipped (counted).
import com.sun.source.tree.*;
import com.sun.source.util.*;
import com.sun.tools.javac.code.Flags;
import com.sun.tools.javac.tree.JCTree;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;
import javax.lang.model.element.*;
import javax.lang.model.type.*;
import javax.lang.model.util.*;
import javax.tools.*;

public class CallGraph {
  static final class Fn {
    final String path, name, qualifiedName;
    final long line;
    Fn(String path, long line, String name, String qualifiedName) {
      this.path = path; this.line = line; this.name = name; this.qualifiedName = qualifiedName;
    }
  }

  static final class Call {
    final int caller;
    final long line;
    final String kind, name;
    final int callee;
    final boolean external, virtual;
    Call(int caller, long line, String kind, String name, int callee, boolean external, boolean virtual) {
      this.caller = caller; this.line = line; this.kind = kind; this.name = name;
      this.callee = callee; this.external = external; this.virtual = virtual;
    }
  }

  static Path root;
  static Trees trees;
  static Elements elements;
  static Types types;
  static SourcePositions positions;
  static final List<Fn> functions = new ArrayList<>();
  static final List<Call> calls = new ArrayList<>();
  /** a repository method's symbol to its index in `functions`. */
  static final Map<Element, Integer> index = new HashMap<>();
  /** the repository's method declarations (with or without a body), for the override check. */
  static final List<ExecutableElement> declared = new ArrayList<>();
  /** methods that some repository method overrides. */
  static final Set<Element> overridden = new HashSet<>();
  static int unresolved, outside, synthetic;

  public static void main(String[] args) throws Exception {
    root = Paths.get(args[0]).toAbsolutePath().normalize();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p) && kept(root.relativize(p)))
          .sorted().collect(Collectors.toList());
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    Set<String> filesWithErrors = new HashSet<>();
    int[] errors = {0};
    DiagnosticListener<JavaFileObject> listener = d -> {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors[0]++;
        if (d.getSource() != null) filesWithErrors.add(d.getSource().toUri().toString());
      }
    };
    StandardJavaFileManager fm = compiler.getStandardFileManager(listener, null, StandardCharsets.UTF_8);
    Iterable<? extends JavaFileObject> objects = fm.getJavaFileObjectsFromPaths(files);
    List<String> options = List.of("-proc:none", "-implicit:none", "-nowarn", "-Xlint:none", "-encoding", "UTF-8",
        "-XDshould-stop.ifError=FLOW", "-XDshould-stop.ifNoError=FLOW", "-Xmaxerrs", "1000000", "-sourcepath", "", "-classpath", "");
    JavacTask task = (JavacTask) compiler.getTask(null, fm, listener, options, null, objects);
    long started = System.nanoTime();
    List<CompilationUnitTree> units = new ArrayList<>();
    for (CompilationUnitTree unit : task.parse()) units.add(unit);
    try {
      task.analyze();
    } catch (Throwable e) {
      System.err.println("javac: analyze failed, keeping what was attributed: " + e);
    }
    trees = Trees.instance(task);
    elements = task.getElements();
    types = task.getTypes();
    positions = trees.getSourcePositions();
    for (CompilationUnitTree unit : units) new Definitions(unit).scan(unit, null);
    for (ExecutableElement method : declared) markOverridden(method);
    for (CompilationUnitTree unit : units) new Calls(unit).scan(unit, null);

    int external = 0, inRepo = 0, virtual = 0;
    for (Call c : calls) {
      if (c.virtual) virtual++;
      else if (c.callee >= 0) inRepo++;
      else if (c.external) external++;
    }
    System.err.printf("javac %s: %d files (%d with errors, %d errors), %d functions, %d calls (%d in the repository, %d external, %d virtual); skipped: %d unresolved, %d outside functions, %d implicit; %.1f s%n",
        System.getProperty("java.specification.version"), files.size(), filesWithErrors.size(), errors[0], functions.size(), calls.size(),
        inRepo, external, virtual, unresolved, outside, synthetic, (System.nanoTime() - started) / 1e9);
    Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
    out.write("{\"tool\":" + json("javac " + System.getProperty("java.version")) + ",\"filesWithErrors\":" + filesWithErrors.size());
    out.write(",\"stats\":{\"unresolved\":" + unresolved + ",\"outside\":" + outside + ",\"implicit\":" + synthetic + "}");
    out.write(",\"functions\":[");
    for (int i = 0; i < functions.size(); i++) {
      Fn f = functions.get(i);
      out.write((i > 0 ? "," : "") + "{\"path\":" + json(f.path) + ",\"line\":" + f.line + ",\"name\":" + json(f.name) + ",\"qualifiedName\":" + json(f.qualifiedName) + "}");
    }
    out.write("],\"calls\":[");
    for (int i = 0; i < calls.size(); i++) {
      Call c = calls.get(i);
      out.write((i > 0 ? "," : "") + "{\"caller\":" + c.caller + ",\"line\":" + c.line + ",\"kind\":\"" + c.kind + "\",\"name\":" + json(c.name)
          + ",\"callee\":" + (c.callee >= 0 ? String.valueOf(c.callee) : "null") + ",\"external\":" + c.external
          + (c.virtual ? ",\"unsettled\":\"virtual\"" : "") + "}");
    }
    out.write("]}\n");
    out.flush();
  }

  /** Dot folders (.pc, .git) and debian/ are not the package's sources; module-info declares no code. */
  static boolean kept(Path relative) {
    for (Path part : relative) {
      String name = part.toString();
      if (name.startsWith(".")) return false;
    }
    if (relative.getNameCount() > 1 && relative.getName(0).toString().equals("debian")) return false;
    return !relative.getFileName().toString().equals("module-info.java");
  }

  /** Trees javac made itself (a default constructor, the implicit `super()`): no end position, or flagged. */
  static boolean generated(CompilationUnitTree unit, Tree tree) {
    if (positions.getEndPosition(unit, tree) == Diagnostic.NOPOS) return true;
    if (tree instanceof JCTree.JCMethodDecl) {
      long flags = ((JCTree.JCMethodDecl) tree).mods.flags;
      return (flags & (Flags.GENERATEDCONSTR | Flags.ANONCONSTR | Flags.GENERATED_MEMBER)) != 0;
    }
    return false;
  }

  static String typeName(TypeElement type) {
    String name = type.getQualifiedName().toString();
    return name.isEmpty() ? elements.getBinaryName(type).toString() : name;
  }

  static final class Definitions extends TreePathScanner<Void, Void> {
    final CompilationUnitTree unit;
    final String path;
    Definitions(CompilationUnitTree unit) {
      this.unit = unit;
      this.path = root.relativize(Paths.get(unit.getSourceFile().toUri())).toString().replace(File.separatorChar, '/');
    }

    @Override
    public Void visitMethod(MethodTree tree, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (element instanceof ExecutableElement && !generated(unit, tree)) {
        ExecutableElement method = (ExecutableElement) element;
        declared.add(method);
        if (tree.getBody() != null) {
          TypeElement owner = (TypeElement) method.getEnclosingElement();
          String name = method.getKind() == ElementKind.CONSTRUCTOR ? owner.getSimpleName().toString() : method.getSimpleName().toString();
          // a method tree's own position is its name's (its start is its modifiers')
          long line = unit.getLineMap().getLineNumber(((JCTree) tree).pos);
          index.put(method, functions.size());
          functions.add(new Fn(path, line, name, typeName(owner) + "." + name));
        }
      }
      return super.visitMethod(tree, unused);
    }
  }

  /** Marks every method that `method` overrides, in all its supertypes (the repository's and the JDK's). */
  static void markOverridden(ExecutableElement method) {
    if (method.getKind() != ElementKind.METHOD || method.getModifiers().contains(Modifier.STATIC) || method.getModifiers().contains(Modifier.PRIVATE)) return;
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    Deque<TypeMirror> queue = new ArrayDeque<>(types.directSupertypes(owner.asType()));
    Set<Element> seen = new HashSet<>();
    while (!queue.isEmpty()) {
      TypeMirror type = queue.pop();
      if (type.getKind() != TypeKind.DECLARED) continue;
      Element superType = types.asElement(type);
      if (superType == null || !seen.add(superType)) continue;
      for (Element member : superType.getEnclosedElements()) {
        if (member.getKind() == ElementKind.METHOD && member.getSimpleName().equals(method.getSimpleName())
            && elements.overrides(method, (ExecutableElement) member, owner)) overridden.add(member);
      }
      queue.addAll(types.directSupertypes(type));
    }
  }

  static final class Calls extends TreePathScanner<Void, Void> {
    final CompilationUnitTree unit;
    /** the enclosing functions' indexes (-1: a method javac generated, or one without a body). */
    final Deque<Integer> owners = new ArrayDeque<>();
    Calls(CompilationUnitTree unit) { this.unit = unit; }

    @Override
    public Void visitMethod(MethodTree tree, Void unused) {
      Integer own = index.get(trees.getElement(getCurrentPath()));
      owners.push(own != null && !generated(unit, tree) ? own : -1);
      try {
        return super.visitMethod(tree, unused);
      } finally {
        owners.pop();
      }
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
      ExpressionTree select = tree.getMethodSelect();
      Element element = trees.getElement(new TreePath(getCurrentPath(), select));
      String selected = select instanceof IdentifierTree ? ((IdentifierTree) select).getName().toString()
          : select instanceof MemberSelectTree ? ((MemberSelectTree) select).getIdentifier().toString() : null;
      boolean selfCall = select instanceof IdentifierTree && (selected.equals("super") || selected.equals("this"));
      if (selfCall && generated(unit, tree)) {
        synthetic++;
      } else if (selected != null) {
        String kind = selfCall ? "constructor" : select instanceof MemberSelectTree ? "member" : "call";
        boolean viaSuper = select instanceof MemberSelectTree && ((MemberSelectTree) select).getExpression() instanceof IdentifierTree
            && ((IdentifierTree) ((MemberSelectTree) select).getExpression()).getName().contentEquals("super");
        record(tree, kind, selfCall ? null : selected, element, !selfCall && !viaSuper);
      }
      return super.visitMethodInvocation(tree, unused);
    }

    @Override
    public Void visitNewClass(NewClassTree tree, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (tree.getClassBody() != null) element = anonymousSuper(tree.getClassBody(), element);
      Tree type = tree.getIdentifier();
      if (type instanceof ParameterizedTypeTree) type = ((ParameterizedTypeTree) type).getType();
      if (type instanceof AnnotatedTypeTree) type = ((AnnotatedTypeTree) type).getUnderlyingType();
      String name = type instanceof MemberSelectTree ? ((MemberSelectTree) type).getIdentifier().toString()
          : type instanceof IdentifierTree ? ((IdentifierTree) type).getName().toString() : type.toString();
      record(tree, "constructor", name, element, false);
      return super.visitNewClass(tree, unused);
    }

    /** `new T(...) { ... }` calls the anonymous class's generated constructor, whose `super(...)` names T's constructor (Object's for an interface). */
    Element anonymousSuper(ClassTree body, Element anonymous) {
      for (Tree member : body.getMembers()) {
        if (!(member instanceof MethodTree) || !((MethodTree) member).getName().contentEquals("<init>")) continue;
        BlockTree block = ((MethodTree) member).getBody();
        if (block == null) continue;
        for (StatementTree statement : block.getStatements()) {
          if (statement instanceof ExpressionStatementTree && ((ExpressionStatementTree) statement).getExpression() instanceof MethodInvocationTree) {
            ExpressionTree select = ((MethodInvocationTree) ((ExpressionStatementTree) statement).getExpression()).getMethodSelect();
            Element element = trees.getElement(new TreePath(getCurrentPath(), select));
            if (element != null) return element;
          }
        }
      }
      return anonymous;
    }

    void record(Tree tree, String kind, String name, Element element, boolean dispatched) {
      int caller = owners.isEmpty() ? -1 : owners.peek();
      if (caller < 0) {
        outside++;
        return;
      }
      if (!(element instanceof ExecutableElement) || (element.getKind() != ElementKind.METHOD && element.getKind() != ElementKind.CONSTRUCTOR)
          || element.asType().getKind() == TypeKind.ERROR) {
        unresolved++;
        return;
      }
      ExecutableElement method = (ExecutableElement) element;
      Element owner = method.getEnclosingElement();
      if (name == null) name = owner.getSimpleName().toString();
      long line = unit.getLineMap().getLineNumber(positions.getStartPosition(unit, tree));
      Integer callee = index.get(method);
      boolean inRepository = callee != null || trees.getTree(method) != null || trees.getPath(owner) != null;
      boolean virtual = false;
      if (inRepository && method.getKind() == ElementKind.METHOD) {
        Set<Modifier> modifiers = method.getModifiers();
        boolean abstractMethod = modifiers.contains(Modifier.ABSTRACT) || (callee == null && owner.getKind().isInterface() && !modifiers.contains(Modifier.STATIC));
        boolean overridable = dispatched && !modifiers.contains(Modifier.STATIC) && !modifiers.contains(Modifier.PRIVATE)
            && !modifiers.contains(Modifier.FINAL) && !owner.getModifiers().contains(Modifier.FINAL);
        virtual = abstractMethod || (overridable && overridden.contains(method));
      }
      calls.add(new Call(caller, line, kind, name, callee != null ? callee : -1, !inRepository, virtual));
    }
  }

  static String json(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') out.append('\\').append(c);
      else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
      else out.append(c);
    }
    return out.append('"').toString();
  }
}
