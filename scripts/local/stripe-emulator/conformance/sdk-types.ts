// Reads the response types that ship in the pinned `stripe` package (its .d.ts files) with the
// TypeScript compiler and checks raw JSON against them: required fields, nullability, enums and
// unknown keys. So when the SDK is upgraded, the check names what the emulator must add.

import { createRequire } from 'node:module';
import ts from 'typescript';

const PROBE = '/__stripe_conformance_probe__.ts';

export interface Mismatch {
  /** JSON path inside the response, e.g. `items.data[0].plan`. */
  path: string;
  problem: string;
}

export class SdkTypes {
  private readonly checker: ts.TypeChecker;
  private readonly types = new Map<string, ts.Type>();

  /** `expressions`: TypeScript type expressions over the SDK's `Stripe` namespace, e.g. `Stripe.Subscription`. */
  constructor(expressions: string[]) {
    const stripeEntry = createRequire(import.meta.url).resolve('stripe');
    const source = [
      `import Stripe from ${JSON.stringify(stripeEntry.replace(/\.js$/, ''))};`,
      ...expressions.map((e, i) => `export type T${i} = ${e};`),
    ].join('\n');
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      // No DOM and no @types: the response types need neither, and parsing less keeps the test fast.
      lib: ['lib.es2022.d.ts'],
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang, ...rest) =>
      name === PROBE ? ts.createSourceFile(name, source, lang) : getSourceFile(name, lang, ...rest);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === PROBE || fileExists(name);
    const program = ts.createProgram([PROBE], options, host);
    this.checker = program.getTypeChecker();
    const probe = program.getSourceFile(PROBE)!;
    const errors = ts.getPreEmitDiagnostics(program, probe);
    if (errors.length > 0) {
      throw new Error(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
    }
    probe.statements.filter(ts.isTypeAliasDeclaration).forEach((decl, i) => {
      this.types.set(expressions[i], this.checker.getTypeAtLocation(decl.name));
    });
  }

  /** Every way `value` differs from the type `expression` (one of those given to the constructor). */
  check(expression: string, value: unknown): Mismatch[] {
    const type = this.types.get(expression);
    if (!type) throw new Error(`type not loaded: ${expression}`);
    const out: Mismatch[] = [];
    this.visit(value, type, '', out);
    return out;
  }

  private visit(value: unknown, type: ts.Type, path: string, out: Mismatch[]): void {
    const here = path || '(root)';
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
    if (value === null) {
      if (!this.allows(type, ts.TypeFlags.Null)) out.push({ path: here, problem: 'null, but the type is not nullable' });
      return;
    }
    const members = (type.isUnion() ? type.types : [type]).filter(
      (t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)),
    );
    // `Stripe.Decimal` fields arrive as JSON strings; the SDK turns them into Decimal objects.
    if (typeof value === 'string' && members.some(isDecimal)) return;
    switch (typeof value) {
      case 'string':
        return this.scalar(value, members, ts.TypeFlags.String, ts.TypeFlags.StringLiteral, here, out);
      case 'number':
        return this.scalar(value, members, ts.TypeFlags.Number, ts.TypeFlags.NumberLiteral, here, out);
      case 'boolean':
        return this.scalar(value, members, ts.TypeFlags.Boolean, ts.TypeFlags.BooleanLiteral, here, out);
      case 'object':
        return this.structured(value as object, members, path, out);
      default:
        out.push({ path: here, problem: `unexpected ${typeof value}` });
    }
  }

  private scalar(
    value: string | number | boolean,
    members: readonly ts.Type[],
    wide: ts.TypeFlags,
    literal: ts.TypeFlags,
    path: string,
    out: Mismatch[],
  ): void {
    if (members.some((t) => t.flags & wide)) return;
    const literals = members.filter((t) => t.flags & literal);
    if (literals.some((t) => literalValue(this.checker, t) === value)) return;
    if (literals.length > 0) {
      const allowed = literals.map((t) => JSON.stringify(literalValue(this.checker, t))).join(' | ');
      out.push({ path, problem: `${JSON.stringify(value)} is not one of ${allowed}` });
      return;
    }
    out.push({ path, problem: `${describe(value)} where the type is ${this.names(members)}` });
  }

  private structured(value: object, members: readonly ts.Type[], path: string, out: Mismatch[]): void {
    const here = path || '(root)';
    if (Array.isArray(value)) {
      const array = members.find((t) => this.checker.isArrayType(t) || this.checker.isTupleType(t));
      if (!array) {
        out.push({ path: here, problem: `an array where the type is ${this.names(members)}` });
        return;
      }
      const element = this.checker.getTypeArguments(array as ts.TypeReference)[0];
      value.forEach((item, i) => this.visit(item, element, `${path}[${i}]`, out));
      return;
    }
    const objects = members.filter(
      (t) => t.flags & ts.TypeFlags.Object && !this.checker.isArrayType(t) || t.isIntersection(),
    );
    if (objects.length === 0) {
      out.push({ path: here, problem: `an object where the type is ${this.names(members)}` });
      return;
    }
    // Unions of objects (expandable fields, `Stripe.Event`) are told apart by their literal-typed
    // fields such as `object` and `type`; of those that fit, the closest one is reported.
    const candidates = objects.filter((t) => this.discriminantsMatch(value as Record<string, unknown>, t));
    let best: Mismatch[] | undefined;
    for (const t of candidates.length > 0 ? candidates : objects) {
      const found: Mismatch[] = [];
      this.object(value as Record<string, unknown>, t, path, found);
      if (!best || found.length < best.length) best = found;
      if (found.length === 0) break;
    }
    out.push(...(best ?? []));
  }

  private object(value: Record<string, unknown>, type: ts.Type, path: string, out: Mismatch[]): void {
    const props = this.checker.getPropertiesOfType(type);
    const known = new Set<string>();
    for (const prop of props) {
      // `lastResponse` is what the SDK adds to every result (Stripe.Response<T>); methods are not JSON.
      if (prop.name === 'lastResponse') continue;
      const propType = this.propertyType(prop);
      if (propType.getCallSignatures().length > 0) continue;
      known.add(prop.name);
      const child = path ? `${path}.${prop.name}` : prop.name;
      if (!(prop.name in value)) {
        if (!(prop.flags & ts.SymbolFlags.Optional)) {
          out.push({ path: child, problem: this.allows(propType, ts.TypeFlags.Null) ? 'missing (nullable: send null)' : 'missing (required)' });
        }
        continue;
      }
      this.visit(value[prop.name], propType, child, out);
    }
    const index = this.checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & ts.TypeFlags.String);
    for (const [key, v] of Object.entries(value)) {
      if (known.has(key)) continue;
      const child = path ? `${path}.${key}` : key;
      if (index) this.visit(v, index.type, child, out);
      else out.push({ path: child, problem: 'unknown key (not in the SDK type)' });
    }
  }

  private discriminantsMatch(value: Record<string, unknown>, type: ts.Type): boolean {
    for (const name of ['object', 'type']) {
      const prop = this.checker.getPropertyOfType(type, name);
      if (!prop || !(name in value)) continue;
      const t = this.propertyType(prop);
      const literals = (t.isUnion() ? t.types : [t]).filter((m) => m.flags & ts.TypeFlags.StringLiteral);
      if (literals.length > 0 && !literals.some((m) => literalValue(this.checker, m) === value[name])) return false;
    }
    return true;
  }

  private propertyType(prop: ts.Symbol): ts.Type {
    return this.checker.getTypeOfSymbol(prop);
  }

  private allows(type: ts.Type, flag: ts.TypeFlags): boolean {
    return (type.isUnion() ? type.types : [type]).some((t) => t.flags & flag);
  }

  private names(members: readonly ts.Type[]): string {
    return members.map((t) => this.checker.typeToString(t)).join(' | ') || 'never';
  }
}

function literalValue(checker: ts.TypeChecker, t: ts.Type): unknown {
  if (t.isLiteral()) return t.value;
  return checker.typeToString(t) === 'true';
}

function isDecimal(type: ts.Type): boolean {
  return type.aliasSymbol?.name === 'Decimal' || (type.isIntersection() && type.types.some((t) => t.symbol?.name === 'DecimalImpl'));
}

function describe(value: unknown): string {
  return `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}
