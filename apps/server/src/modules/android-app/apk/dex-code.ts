/*
 * The instructions of a DEX method: the few the app's code needs, assembled into 16-bit code
 * units with the registers, the branch offsets and the counts the method's code_item declares.
 */

/** A register: `v0`… for the method's locals, `p0`… for its parameters (`p0` is `this`). */
export type Reg = `v${number}` | `p${number}`;

/** A method as it is called: its class and prototype, as type descriptors ('Landroid/app/Activity;', 'V', 'Z'). */
export interface MethodRef {
  owner: string;
  name: string;
  returns: string;
  params: readonly string[];
}

export interface FieldRef {
  owner: string;
  name: string;
  type: string;
}

/** The instructions this writer assembles; a label marks the target of a branch. */
export type Insn =
  | { op: 'invoke-direct' | 'invoke-virtual' | 'invoke-super'; method: MethodRef; args: readonly Reg[] }
  | { op: 'new-instance'; dest: Reg; type: string }
  | { op: 'const-string'; dest: Reg; value: string }
  | { op: 'const/4'; dest: Reg; value: number }
  | { op: 'move-result' | 'move-result-object'; dest: Reg }
  | { op: 'iget-object' | 'iput-object'; reg: Reg; object: Reg; field: FieldRef }
  | { op: 'if-eqz'; reg: Reg; label: string }
  | { op: 'label'; name: string }
  | { op: 'return-void' };

export interface DexMethod {
  name: string;
  access: number;
  returns: string;
  params: readonly string[];
  /** Registers besides the parameters. */
  locals: number;
  code: readonly Insn[];
}

/** Where the method's references stand in the file's sorted tables. */
export interface Indexes {
  si: (s: string) => number;
  ti: (t: string) => number;
  fi: (f: FieldRef) => number;
  mi: (m: MethodRef) => number;
}

const wordsOf = (params: readonly string[]) => params.reduce((n, t) => n + (t === 'J' || t === 'D' ? 2 : 1), 0);

const OPCODE = {
  'move-result': 0x0a, 'move-result-object': 0x0c, 'return-void': 0x0e, 'const/4': 0x12, 'const-string': 0x1a,
  'new-instance': 0x22, 'if-eqz': 0x38, 'iget-object': 0x54, 'iput-object': 0x5b,
  'invoke-virtual': 0x6e, 'invoke-super': 0x6f, 'invoke-direct': 0x70,
} as const;

/** Code units (16 bits) each instruction takes. */
const UNITS: Record<Insn['op'], number> = {
  'invoke-direct': 3, 'invoke-virtual': 3, 'invoke-super': 3, 'new-instance': 2, 'const-string': 2, 'const/4': 1,
  'move-result': 1, 'move-result-object': 1, 'iget-object': 2, 'iput-object': 2, 'if-eqz': 2, label: 0, 'return-void': 1,
};

/** A method's instructions as code units, and the counts its code_item declares. */
export function assemble(m: DexMethod, p: Indexes): { units: number[]; registers: number; ins: number; outs: number } {
  const ins = 1 + wordsOf(m.params);
  const registers = m.locals + ins;
  const reg = (r: Reg, bits: 4 | 8) => {
    const n = Number(r.slice(1)) + (r[0] === 'p' ? m.locals : 0);
    if (!Number.isInteger(n) || n >= registers || n >= 1 << bits) throw new Error(`registrador ${r} fora do alcance em ${m.name}`);
    return n;
  };
  const labels = new Map<string, number>();
  let at = 0;
  for (const i of m.code) {
    if (i.op === 'label') labels.set(i.name, at);
    at += UNITS[i.op];
  }
  const units: number[] = [];
  let outs = 0;
  for (const i of m.code) {
    const here = units.length;
    switch (i.op) {
      case 'label':
        break;
      case 'return-void':
        units.push(OPCODE[i.op]);
        break;
      case 'move-result':
      case 'move-result-object':
        units.push(OPCODE[i.op] | (reg(i.dest, 8) << 8));
        break;
      case 'const/4':
        if (!Number.isInteger(i.value) || i.value < -8 || i.value > 7) throw new Error(`const/4 fora do alcance: ${i.value}`);
        units.push(OPCODE[i.op] | (reg(i.dest, 4) << 8) | ((i.value & 0xf) << 12));
        break;
      case 'const-string':
      case 'new-instance': {
        const idx = i.op === 'const-string' ? p.si(i.value) : p.ti(i.type);
        units.push(OPCODE[i.op] | (reg(i.dest, 8) << 8), idx);
        break;
      }
      case 'iget-object':
      case 'iput-object':
        units.push(OPCODE[i.op] | (reg(i.reg, 4) << 8) | (reg(i.object, 4) << 12), p.fi(i.field));
        break;
      case 'if-eqz': {
        const target = labels.get(i.label);
        if (target === undefined) throw new Error(`rótulo desconhecido: ${i.label}`);
        units.push(OPCODE[i.op] | (reg(i.reg, 8) << 8), (target - here) & 0xffff);
        break;
      }
      default: {
        // format 35c: up to five 4-bit registers
        const r = i.args.map((a) => reg(a, 4));
        if (r.length > 5) throw new Error('mais de cinco argumentos');
        outs = Math.max(outs, r.length);
        const packed = r.slice(0, 4).reduce((acc, n, k) => acc | (n << (4 * k)), 0);
        units.push(OPCODE[i.op] | ((r[4] ?? 0) << 8) | (r.length << 12), p.mi(i.method), packed);
      }
    }
  }
  if (units.some((u) => u > 0xffff)) throw new Error(`índice grande demais em ${m.name}`);
  return { units, registers, ins, outs };
}
