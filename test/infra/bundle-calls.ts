/**
 * What each Lambda bundle can call in AWS, read from the bundle itself (not from the sources), so
 * that the IAM grants of infra/route-deploy.ts can be checked against what actually ships.
 *
 * 1. One esbuild run bundles every function with the settings of infra/bundling.ts (as the CDK
 *    construct does), except that identifiers and whitespace are not minified (tree shaking, and
 *    so the code that ships, is the same; the names stay readable) and that shared code is split
 *    into chunks, so it is parsed once.
 * 2. The output is parsed, and a call graph is built over its top-level declarations; an object
 *    literal such as `usersRepo = { get() {…}, update() {…} }` gets one node per member, so a
 *    handler that only calls `usersRepo.get` does not count `update`'s UpdateCommand.
 * 3. From the exported `handler` (and the code that runs at import), the reachable nodes give:
 *    AWS SDK command classes (`@aws-sdk/*` stays external, so each one is an import), the tables
 *    they address (`tableName('users')` in the same node or in a helper it calls such as
 *    `TABLE`), environment variables read, and so the Stripe parameters and SES sender.
 */
import { dirname, join, resolve as resolvePath } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { lambdaEsbuildOptions } from '../../infra/bundling';
import { repoRoot } from '../../infra/settings';
import { tables, type TableKey } from '#shared/deploy/tables';

/** 'put' is a PutItem (append); 'write' an update, delete or batch write. */
type TableAccess = 'read' | 'put' | 'write';

export interface BundleCalls {
  tables: Map<TableKey, Set<TableAccess>>;
  bucket: Set<'read' | 'write'>;
  /** IAM actions (`AdminGetUser`, `ListUsers`…); token-authorised calls such as GetUser need none. */
  cognito: Set<string>;
  /** SES SendEmail. */
  email: boolean;
  /** Environment variables the reachable code reads (`process.env.X`, `requireEnv('X')`, `optionalEnv('X')`). */
  env: Set<string>;
  /** Calls this analysis cannot place: an unknown command class, or a DynamoDB command with no table. */
  unplaced: string[];
  /** The `skip` functions found on the way (so a renamed one does not silently stop being skipped). */
  skipped: string[];
}

export interface BundleEntry {
  name: string;
  /** Handler module under lambdas/, without extension. */
  handler: string;
  /**
   * Top-level functions whose calls this function never makes although they are in its bundle:
   * code that runs only for some routes, decided by route data at run time (the account guard).
   */
  skip?: readonly string[];
}

const DYNAMO_KIND: Record<string, TableAccess> = {
  GetItem: 'read', Get: 'read', BatchGetItem: 'read', BatchGet: 'read', Query: 'read', Scan: 'read',
  TransactGetItems: 'read', TransactGet: 'read', DescribeTable: 'read',
  PutItem: 'put', Put: 'put',
  UpdateItem: 'write', Update: 'write', DeleteItem: 'write', Delete: 'write', BatchWriteItem: 'write', BatchWrite: 'write',
  TransactWriteItems: 'write', TransactWrite: 'write',
};
const S3_KIND: Record<string, 'read' | 'write'> = {
  GetObject: 'read', HeadObject: 'read', ListObjectsV2: 'read',
  PutObject: 'write', DeleteObject: 'write', DeleteObjects: 'write', CopyObject: 'write',
};
/** Cognito calls authorised by the user's own access token (or none): no IAM permission involved. */
const COGNITO_TOKEN_CALLS = new Set([
  'GetUser', 'UpdateUserAttributes', 'DeleteUserAttributes', 'VerifyUserAttribute', 'GetUserAttributeVerificationCode', 'ChangePassword',
  'InitiateAuth', 'RespondToAuthChallenge', 'SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword',
  'ConfirmForgotPassword', 'GlobalSignOut', 'DeleteUser', 'RevokeToken', 'GetTokensFromRefreshToken',
]);

interface Node {
  refs: Set<string>;
  /** AWS SDK imports referenced: `client-dynamodb:GetItemCommand`, `s3-presigned-post:createPresignedPost`. */
  sdk: Set<string>;
  /** `tableName('x')` arguments; '*' when not a literal. */
  tableArgs: Set<string>;
  /** Values of `table: '<key>'` properties (how a dynamic table name is chosen). */
  tableProps: Set<string>;
  env: Set<string>;
  /** Runs when its file is imported. */
  runsAtImport: boolean;
}

interface OutputFile {
  path: string;
  sf: ts.SourceFile;
  /** Exported name → local name. */
  exports: Map<string, string>;
  /** Local name → [chunk file, exported name]. */
  chunkImports: Map<string, [string, string]>;
  /** Local name → `client-x:Name` for `@aws-sdk/*` imports. */
  sdkImports: Map<string, string>;
  /** Chunk files this one imports. */
  deps: Set<string>;
}

const newNode = (runsAtImport = false): Node =>
  ({ refs: new Set(), sdk: new Set(), tableArgs: new Set(), tableProps: new Set(), env: new Set(), runsAtImport });
const tableKeys = new Set(Object.keys(tables));
const keyName = (name: ts.PropertyName | undefined) => (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined);

/** Wrappers esbuild emits whose callbacks run only when required, not at import. */
const isLazyWrapper = (callee: string) => /^__(commonJS|esm|lazy)/.test(callee);

/**
 * The call graph of a code-split build: a node per top-level declaration (`<file>#name`), per
 * member of a top-level object literal (`<file>#obj.member`) and per top-level statement; an edge
 * per reference, resolved across chunk imports.
 */
class CallGraph {
  readonly nodes = new Map<string, Node>();
  readonly files = new Map<string, OutputFile>();
  private readonly members = new Map<string, Set<string>>();

  constructor(outputs: readonly { path: string; text: string }[]) {
    for (const o of outputs) this.files.set(o.path, this.scan(o.path, o.text));
    for (const f of this.files.values()) this.fill(f);
  }

  /** The node a name in `file` refers to, following chunk imports. */
  resolve(file: string, name: string): string | undefined {
    const key = `${file}#${name}`;
    if (this.nodes.has(key)) return key;
    const imported = this.files.get(file)?.chunkImports.get(name);
    if (!imported) return undefined;
    const local = this.files.get(imported[0])?.exports.get(imported[1]);
    return local === undefined ? undefined : this.resolve(imported[0], local);
  }

  /** Pass 1: imports, exports, and the names of declarations and object members. */
  private scan(path: string, text: string): OutputFile {
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const f: OutputFile = { path, sf, exports: new Map(), chunkImports: new Map(), sdkImports: new Map(), deps: new Set() };
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        const spec = st.moduleSpecifier.text;
        const named = st.importClause?.namedBindings;
        const elements = named && ts.isNamedImports(named) ? named.elements : [];
        if (spec.startsWith('./')) {
          const target = resolvePath(dirname(path), spec);
          f.deps.add(target);
          for (const el of elements) f.chunkImports.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
        } else if (spec.startsWith('@aws-sdk/')) {
          for (const el of elements) f.sdkImports.set(el.name.text, `${spec.slice('@aws-sdk/'.length)}:${(el.propertyName ?? el.name).text}`);
        }
      } else if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) f.exports.set(el.name.text, (el.propertyName ?? el.name).text);
      } else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!ts.isIdentifier(d.name)) continue;
          const key = `${path}#${d.name.text}`;
          this.nodes.set(key, newNode());
          if (d.initializer && ts.isObjectLiteralExpression(d.initializer)) {
            const names = new Set(d.initializer.properties.map((p) => keyName(p.name)).filter((n): n is string => !!n));
            this.members.set(key, names);
            for (const n of names) this.nodes.set(`${key}.${n}`, newNode());
          }
        }
      } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
        this.nodes.set(`${path}#${st.name.text}`, newNode());
      }
    }
    return f;
  }

  /** Pass 2: the references and facts of every node of one file. */
  private fill(f: OutputFile): void {
    let statement = 0;
    for (const st of f.sf.statements) {
      if (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) continue;
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!ts.isIdentifier(d.name) || !d.initializer) continue;
          const key = `${f.path}#${d.name.text}`;
          const node = this.nodes.get(key)!;
          const init = d.initializer;
          if (ts.isObjectLiteralExpression(init)) {
            for (const p of init.properties) {
              const m = keyName(p.name);
              if (!m) {
                this.walk(f, p, node); // a spread belongs to the object as a whole
                continue;
              }
              node.refs.add(`${key}.${m}`); // using the object itself may use any member
              const member = this.nodes.get(`${key}.${m}`)!;
              this.walk(f, p, member, key);
              // A member computed by a call runs at import.
              if (ts.isPropertyAssignment(p) && (ts.isCallExpression(p.initializer) || ts.isNewExpression(p.initializer))) member.runsAtImport = true;
            }
            continue;
          }
          this.walk(f, init, node);
          const callee = ts.isCallExpression(init) && ts.isIdentifier(init.expression) ? init.expression.text : '';
          if ((ts.isCallExpression(init) || ts.isNewExpression(init) || ts.isAwaitExpression(init)) && !isLazyWrapper(callee)) node.runsAtImport = true;
        }
        continue;
      }
      if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
        this.walk(f, st, this.nodes.get(`${f.path}#${st.name.text}`)!);
        continue;
      }
      // `__export(ns, { a: () => a })` lets the namespace object reach its members; it runs none of them.
      if (ts.isExpressionStatement(st) && ts.isCallExpression(st.expression) && ts.isIdentifier(st.expression.expression)
        && /^__export\d*$/.test(st.expression.expression.text)) {
        const [ns, ...rest] = st.expression.arguments;
        const nsKey = ns && ts.isIdentifier(ns) ? this.resolve(f.path, ns.text) : undefined;
        if (nsKey) {
          for (const r of rest) this.walk(f, r, this.nodes.get(nsKey)!);
          continue;
        }
      }
      const node = newNode(true);
      this.walk(f, st, node);
      this.nodes.set(`${f.path}#statement${statement++}`, node);
    }
  }

  /** Collects the references and facts of `body` into `into`; `self` is the object `this` means in a member. */
  private walk(f: OutputFile, body: ts.Node, into: Node, self?: string): void {
    const objectMember = (objKey: string | undefined, prop: string) =>
      objKey && this.members.get(objKey)?.has(prop) ? `${objKey}.${prop}` : undefined;
    const visit = (n: ts.Node): void => {
      if (ts.isPropertyAccessExpression(n)) {
        const obj = n.expression;
        const prop = n.name.text;
        const member = ts.isIdentifier(obj) ? objectMember(this.resolve(f.path, obj.text), prop)
          : obj.kind === ts.SyntaxKind.ThisKeyword ? objectMember(self, prop) : undefined;
        if (member) return void into.refs.add(member);
        if (ts.isPropertyAccessExpression(obj) && ts.isIdentifier(obj.expression) && obj.expression.text === 'process' && obj.name.text === 'env') {
          return void into.env.add(prop);
        }
        return visit(obj); // the property name is not a reference
      }
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        const callee = this.resolve(f.path, n.expression.text) ?? '';
        const [arg] = n.arguments;
        if (/#tableName\d*$/.test(callee)) into.tableArgs.add(arg && ts.isStringLiteralLike(arg) ? arg.text : '*');
        if (/#(requireEnv|optionalEnv)\d*$/.test(callee) && arg && ts.isStringLiteralLike(arg)) into.env.add(arg.text);
      }
      if (ts.isPropertyAssignment(n)) {
        if (keyName(n.name) === 'table' && ts.isStringLiteralLike(n.initializer) && tableKeys.has(n.initializer.text)) {
          into.tableProps.add(n.initializer.text);
        }
        return visit(n.initializer); // the key is not a reference
      }
      if (ts.isIdentifier(n)) {
        const sdk = f.sdkImports.get(n.text);
        if (sdk) return void into.sdk.add(sdk);
        const key = this.resolve(f.path, n.text);
        if (key) into.refs.add(key);
        return;
      }
      if ((ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n) || ts.isPropertyDeclaration(n)) && !ts.isComputedPropertyName(n.name)) {
        n.forEachChild((c) => (c === n.name ? undefined : visit(c))); // a member's name is not a reference
        return;
      }
      n.forEachChild(visit);
    };
    visit(body);
  }

  /**
   * Nodes reachable from an entry file's exports and from the code that runs when it is imported,
   * not entering the top-level functions named in `skip`.
   */
  reachableFrom(entry: string, skip: readonly string[] = []): { live: Set<string>; skipped: string[] } {
    const skipped = skip.length ? new RegExp(`#(${skip.join('|')})\\d*$`) : undefined;
    const files = new Set<string>();
    const addFile = (p: string) => {
      if (files.has(p)) return;
      files.add(p);
      for (const d of this.files.get(p)?.deps ?? []) addFile(d);
    };
    addFile(entry);
    const roots = [...this.files.get(entry)!.exports.values()].map((local) => this.resolve(entry, local)!).filter(Boolean);
    for (const [k, n] of this.nodes) if (n.runsAtImport && files.has(k.slice(0, k.indexOf('#')))) roots.push(k);
    const seen = new Set<string>();
    const hits = new Set<string>();
    while (roots.length) {
      const k = roots.pop()!;
      if (seen.has(k) || hits.has(k)) continue;
      if (skipped?.test(k)) {
        hits.add(k);
        continue;
      }
      seen.add(k);
      for (const r of this.nodes.get(k)?.refs ?? []) if (!seen.has(r)) roots.push(r);
    }
    return { live: seen, skipped: [...hits].map((k) => k.slice(k.indexOf('#') + 1).replace(/\d+$/, '')) };
  }
}

function callsOf(graph: CallGraph, entry: string, skip: readonly string[]): BundleCalls {
  const { live, skipped } = graph.reachableFrom(entry, skip);
  const node = (k: string) => graph.nodes.get(k)!;
  const out: BundleCalls = { tables: new Map(), bucket: new Set(), cognito: new Set(), email: false, env: new Set(), unplaced: [], skipped };
  const dynamicTables = new Set([...live].flatMap((k) => [...node(k).tableProps]));

  /** Tables named in the node itself or in a helper it calls that names one and calls nothing of AWS (`TABLE`). */
  const ownTables = (k: string): Set<string> => {
    const names = new Set<string>();
    const add = (args: Set<string>) => {
      for (const a of args) for (const t of a === '*' ? dynamicTables : [a]) names.add(t);
    };
    add(node(k).tableArgs);
    for (const r of node(k).refs) {
      const h = graph.nodes.get(r);
      if (h && h.tableArgs.size && h.sdk.size === 0) add(h.tableArgs);
    }
    return names;
  };
  // Library code (Powertools idempotency) builds its commands for a table it is handed: look in the callers.
  const callers = new Map<string, string[]>();
  for (const k of live) for (const r of node(k).refs) callers.set(r, [...(callers.get(r) ?? []), k]);
  const tablesFor = (k: string): Set<string> => {
    const seen = new Set([k]);
    for (let level = [k]; level.length;) {
      const found = new Set(level.flatMap((x) => [...ownTables(x)]));
      if (found.size) return found;
      level = level.flatMap((x) => callers.get(x) ?? []).filter((x) => !seen.has(x) && seen.add(x));
    }
    return new Set();
  };

  for (const k of live) {
    const n = node(k);
    for (const e of n.env) out.env.add(e);
    for (const ref of n.sdk) {
      const [pkg, name] = ref.split(':') as [string, string];
      const op = name.replace(/^paginate/, '').replace(/Command$/, '');
      const isCall = name.endsWith('Command') || name.startsWith('paginate');
      const where = `${ref} in ${k.slice(k.lastIndexOf('/') + 1)}`;
      if (pkg === 'client-dynamodb' || pkg === 'lib-dynamodb') {
        if (!isCall) continue;
        const kind = DYNAMO_KIND[op];
        const inTables = tablesFor(k);
        if (!kind || inTables.size === 0) {
          out.unplaced.push(kind ? `${where} (no table found)` : where);
          continue;
        }
        for (const t of inTables) out.tables.set(t as TableKey, (out.tables.get(t as TableKey) ?? new Set()).add(kind));
      } else if (pkg === 'client-s3') {
        if (!isCall) continue;
        const kind = S3_KIND[op];
        if (kind) out.bucket.add(kind);
        else out.unplaced.push(where);
      } else if (pkg === 's3-presigned-post') {
        if (name === 'createPresignedPost') out.bucket.add('write');
      } else if (pkg === 'client-cognito-identity-provider') {
        if (isCall && !COGNITO_TOKEN_CALLS.has(op)) out.cognito.add(op);
      } else if (pkg === 'client-sesv2' || pkg === 'client-ses') {
        if (op === 'SendEmail' || op === 'SendRawEmail') out.email = true;
        else if (isCall) out.unplaced.push(where);
      } else if (isCall) {
        out.unplaced.push(where);
      }
    }
  }
  return out;
}

/**
 * Bundles all entries in one esbuild run (a few seconds for ~35 functions) and returns each one's
 * calls. `sharp` is external for all: a native module comes from a layer and calls nothing of AWS.
 */
export async function bundleCalls(entries: readonly BundleEntry[]): Promise<Map<string, BundleCalls>> {
  const base = lambdaEsbuildOptions('', '', ['sharp']);
  const res = await build({
    ...base,
    entryPoints: entries.map((e) => ({ in: join(repoRoot, 'lambdas', `${e.handler}.ts`), out: e.name })),
    outfile: undefined,
    outdir: join(repoRoot, '.local', 'grants-from-bundles'),
    outExtension: { '.js': '.mjs' },
    write: false,
    // Code shared by several functions lands in chunks, so it is parsed once, not ~30 times. What
    // one function can run is still only what its handler reaches, across the chunks it imports.
    splitting: true,
    absWorkingDir: repoRoot,
    sourcemap: false,
    minify: false,
    // Same dead-code removal as the deployed bundle; only the names and layout differ.
    minifySyntax: true,
    logLevel: 'error',
  });
  const graph = new CallGraph(res.outputFiles);
  const byName = new Map<string, BundleCalls>();
  for (const e of entries) {
    const file = res.outputFiles.find((f) => f.path.endsWith(`/${e.name}.mjs`));
    if (!file) throw new Error(`esbuild produced no bundle for ${e.name}`);
    byName.set(e.name, callsOf(graph, file.path, e.skip ?? []));
  }
  return byName;
}
