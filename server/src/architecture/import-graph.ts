/**
 * The import graph of a source tree, read with the TypeScript compiler API and resolved with the
 * tree's own tsconfig (so `@/…` and `@app/workflow` resolve as tsc resolves them). Used by the
 * architecture tests: no import cycles, no live code in migrations.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  specifier: string;
  /** Absolute path of the file it resolves to; null for a package or an unresolved name. */
  resolved: string | null;
}

function compilerOptionsFor(file: string): ts.CompilerOptions {
  const config = ts.findConfigFile(path.dirname(file), ts.sys.fileExists);
  if (!config) return { moduleResolution: ts.ModuleResolutionKind.Bundler };
  const read = ts.readConfigFile(config, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(config)).options;
}

const optionsCache = new Map<string, ts.CompilerOptions>();
function optionsFor(file: string): ts.CompilerOptions {
  const dir = path.dirname(file);
  let options = optionsCache.get(dir);
  if (!options) optionsCache.set(dir, (options = compilerOptionsFor(file)));
  return options;
}

/** Whether an import or export brings in values (type-only ones vanish from the emitted code). */
function bringsValues(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !(clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
  }
  const clause = node.importClause;
  if (!clause) return true; // import './side-effect'
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || !bindings.elements.every((e) => e.isTypeOnly);
}

/** The modules a file loads at run time: static imports and re-exports with values, and import(). */
export function importsOf(file: string): ImportEdge[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (bringsValues(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const options = optionsFor(file);
  return specifiers.map((specifier) => {
    const hit = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    const resolved = hit && !hit.isExternalLibraryImport ? path.resolve(hit.resolvedFileName) : null;
    return { specifier, resolved };
  });
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every file under `dir` with the files under `dir` it imports. */
export function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(path.resolve(dir));
  const inside = new Set(files);
  return new Map(files.map((file) => [file, [...new Set(importsOf(file).flatMap(({ resolved }) => (resolved && inside.has(resolved) ? [resolved] : [])))]]));
}

/**
 * The import cycles of a graph: one cycle (as a path that returns to its start) per strongly
 * connected component of more than one file, or a file importing itself. Tarjan's algorithm.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return components.map((component) => cycleWithin(graph, new Set(component)));
}

/** A shortest path from the component's first file (in sorted order) back to itself. */
function cycleWithin(graph: Map<string, string[]>, component: Set<string>): string[] {
  const start = [...component].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const between: string[] = [];
        for (let at = v; at !== start; at = previous.get(at)!) between.unshift(at);
        return [start, ...between, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
