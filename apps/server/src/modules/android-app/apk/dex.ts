import { createHash } from 'node:crypto';
import { assemble, type DexMethod, type FieldRef, type MethodRef } from './dex-code.ts';

/*
 * A small writer of Dalvik executables (DEX format version 035): enough to describe one class
 * whose methods call the Android framework. The Android package is built on machines without
 * the Android SDK's compilers, so the app's code is assembled here, from a description close
 * to smali, and written with the index tables sorted the way the format demands.
 */

export interface DexClass {
  type: string;
  superclass: string;
  access: number;
  /** Instance fields. */
  fields: readonly { name: string; type: string; access: number }[];
  /** Constructors and private methods. */
  direct: readonly DexMethod[];
  virtual: readonly DexMethod[];
}

export const ACC = { public: 0x1, private: 0x2, protected: 0x4, constructor: 0x10000 } as const;

const MAP = {
  header: 0x0000, stringId: 0x0001, typeId: 0x0002, protoId: 0x0003, fieldId: 0x0004, methodId: 0x0005, classDef: 0x0006,
  mapList: 0x1000, typeList: 0x1001, classData: 0x2000, code: 0x2001, stringData: 0x2002,
} as const;

const NO_INDEX = 0xffffffff;
const HEADER_SIZE = 0x70;

/** Adler-32, the DEX header's checksum of everything after it. */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    // 5552 bytes is the longest run before the sums must be reduced to stay exact
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Modified UTF-8: each UTF-16 unit on its own (surrogates included), and NUL as two bytes. */
function mutf8(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0 && c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}

/** The prototype's short form: one letter per type, every reference type being 'L'. */
const shorty = (returns: string, params: readonly string[]) => [returns, ...params].map((t) => (t[0] === '[' ? 'L' : t[0])).join('');
const protoKey = (returns: string, params: readonly string[]) => `${returns}(${params.join('')}`;
/** JavaScript compares strings by UTF-16 units, which is the order DEX wants. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareLists = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

class Out {
  bytes: number[] = [];
  get pos() { return this.bytes.length; }
  u1(v: number) { this.bytes.push(v & 0xff); }
  u2(v: number) { this.u1(v); this.u1(v >> 8); }
  u4(v: number) { this.u2(v); this.u2(v >>> 16); }
  uleb(v: number) {
    do {
      const byte = v & 0x7f;
      v >>>= 7;
      this.u1(v ? byte | 0x80 : byte);
    } while (v);
  }
  align(n: number) { while (this.pos % n) this.u1(0); }
  u4At(at: number, v: number) { for (let i = 0; i < 4; i++) this.bytes[at + i] = (v >>> (8 * i)) & 0xff; }
}

/** Every string, type, prototype, field and method the class names, each with its index in sorted order. */
function pools(cls: DexClass) {
  const strings = new Set<string>();
  const types = new Set<string>();
  const protos = new Map<string, { returns: string; params: readonly string[] }>();
  const fields = new Map<string, FieldRef>();
  const methods = new Map<string, MethodRef>();
  const type = (t: string) => { strings.add(t); types.add(t); };
  const proto = (returns: string, params: readonly string[]) => {
    strings.add(shorty(returns, params));
    type(returns);
    params.forEach(type);
    protos.set(protoKey(returns, params), { returns, params });
  };
  const field = (f: FieldRef) => { type(f.owner); type(f.type); strings.add(f.name); fields.set(`${f.owner}.${f.name}:${f.type}`, f); };
  const method = (m: MethodRef) => { type(m.owner); strings.add(m.name); proto(m.returns, m.params); methods.set(`${m.owner}.${m.name}${protoKey(m.returns, m.params)}`, m); };

  type(cls.type);
  type(cls.superclass);
  for (const f of cls.fields) field({ owner: cls.type, name: f.name, type: f.type });
  for (const m of [...cls.direct, ...cls.virtual]) {
    method({ owner: cls.type, name: m.name, returns: m.returns, params: m.params });
    for (const i of m.code) {
      if (i.op === 'invoke-direct' || i.op === 'invoke-virtual' || i.op === 'invoke-super') method(i.method);
      else if (i.op === 'new-instance') type(i.type);
      else if (i.op === 'const-string') strings.add(i.value);
      else if (i.op === 'iget-object' || i.op === 'iput-object') field(i.field);
    }
  }

  const stringList = [...strings].sort(compare);
  const stringIdx = new Map(stringList.map((s, i) => [s, i]));
  const typeList = [...types].sort(compare); // by string index, which follows the strings' order
  const typeIdx = new Map(typeList.map((t, i) => [t, i]));
  const ti = (t: string) => typeIdx.get(t)!;
  const protoList = [...protos.values()].map((p) => ({ ...p, key: protoKey(p.returns, p.params), paramIdx: p.params.map(ti) }))
    .sort((a, b) => ti(a.returns) - ti(b.returns) || compareLists(a.paramIdx, b.paramIdx));
  const protoIdx = new Map(protoList.map((p, i) => [p.key, i]));
  const si = (s: string) => stringIdx.get(s)!;
  const fieldList = [...fields.entries()].sort(([, a], [, b]) => ti(a.owner) - ti(b.owner) || si(a.name) - si(b.name) || ti(a.type) - ti(b.type));
  const fieldIdx = new Map(fieldList.map(([k], i) => [k, i]));
  const pi = (m: MethodRef) => protoIdx.get(protoKey(m.returns, m.params))!;
  const methodList = [...methods.entries()].sort(([, a], [, b]) => ti(a.owner) - ti(b.owner) || si(a.name) - si(b.name) || pi(a) - pi(b));
  const methodIdx = new Map(methodList.map(([k], i) => [k, i]));
  return {
    stringList, typeList, protoList, fieldList: fieldList.map(([, f]) => f), methodList: methodList.map(([, m]) => m),
    si, ti, pi,
    fi: (f: FieldRef) => fieldIdx.get(`${f.owner}.${f.name}:${f.type}`)!,
    mi: (m: MethodRef) => methodIdx.get(`${m.owner}.${m.name}${protoKey(m.returns, m.params)}`)!,
  };
}
/** The DEX file of one class, checksum and signature included. */
export function writeDex(cls: DexClass): Buffer {
  const p = pools(cls);
  const out = new Out();
  const ids = {
    string: HEADER_SIZE,
    type: HEADER_SIZE + 4 * p.stringList.length,
    proto: 0, field: 0, method: 0, classDef: 0, data: 0,
  };
  ids.proto = ids.type + 4 * p.typeList.length;
  ids.field = ids.proto + 12 * p.protoList.length;
  ids.method = ids.field + 8 * p.fieldList.length;
  ids.classDef = ids.method + 8 * p.methodList.length;
  ids.data = ids.classDef + 32;
  while (out.pos < ids.data) out.u1(0);

  // data: code items, parameter lists, string data, the class's data, the map
  const byMethodIdx = <T extends { name: string; returns: string; params: readonly string[] }>(list: readonly T[]) =>
    list.map((m) => ({ m, idx: p.mi({ owner: cls.type, ...m }) })).sort((a, b) => a.idx - b.idx);
  const direct = byMethodIdx(cls.direct);
  const virtual = byMethodIdx(cls.virtual);
  const codeOff = new Map<DexMethod, number>();
  const codeStart = out.pos;
  for (const { m } of [...direct, ...virtual]) {
    out.align(4);
    codeOff.set(m, out.pos);
    const c = assemble(m, p);
    out.u2(c.registers); out.u2(c.ins); out.u2(c.outs); out.u2(0); out.u4(0); out.u4(c.units.length);
    c.units.forEach((u) => out.u2(u));
  }
  out.align(4);
  const typeListStart = out.pos;
  const typeListOff = new Map<string, number>();
  for (const pr of p.protoList) {
    const key = pr.paramIdx.join(',');
    if (!pr.params.length || typeListOff.has(key)) continue;
    out.align(4);
    typeListOff.set(key, out.pos);
    out.u4(pr.paramIdx.length);
    pr.paramIdx.forEach((t) => out.u2(t));
  }
  const stringDataStart = out.pos;
  const stringOff = p.stringList.map((s) => {
    const at = out.pos;
    out.uleb(s.length);
    mutf8(s).forEach((b) => out.u1(b));
    out.u1(0);
    return at;
  });
  const classDataOff = out.pos;
  const fields = cls.fields.map((f) => ({ f, idx: p.fi({ owner: cls.type, ...f }) })).sort((a, b) => a.idx - b.idx);
  out.uleb(0); out.uleb(fields.length); out.uleb(direct.length); out.uleb(virtual.length);
  fields.forEach(({ f, idx }, k) => { out.uleb(idx - (k ? fields[k - 1]!.idx : 0)); out.uleb(f.access); });
  for (const list of [direct, virtual]) {
    list.forEach(({ m, idx }, k) => { out.uleb(idx - (k ? list[k - 1]!.idx : 0)); out.uleb(m.access); out.uleb(codeOff.get(m)!); });
  }
  out.align(4);
  const mapOff = out.pos;
  const sections: [number, number, number][] = [
    [MAP.header, 1, 0], [MAP.stringId, p.stringList.length, ids.string], [MAP.typeId, p.typeList.length, ids.type],
    [MAP.protoId, p.protoList.length, ids.proto], [MAP.fieldId, p.fieldList.length, ids.field],
    [MAP.methodId, p.methodList.length, ids.method], [MAP.classDef, 1, ids.classDef],
    [MAP.code, codeOff.size, codeStart], [MAP.typeList, typeListOff.size, typeListStart],
    [MAP.stringData, p.stringList.length, stringDataStart], [MAP.classData, 1, classDataOff], [MAP.mapList, 1, mapOff],
  ];
  const map = sections.filter(([, size]) => size > 0);
  out.u4(map.length);
  for (const [type, size, offset] of map) { out.u2(type); out.u2(0); out.u4(size); out.u4(offset); }

  // the index tables, now that the data's offsets are known
  out.bytes.splice(0, 8, ...Buffer.from('dex\n035\0', 'latin1'));
  const header = [out.pos, HEADER_SIZE, 0x12345678, 0, 0, mapOff,
    p.stringList.length, ids.string, p.typeList.length, ids.type, p.protoList.length, ids.proto,
    p.fieldList.length, p.fieldList.length ? ids.field : 0, p.methodList.length, ids.method, 1, ids.classDef,
    out.pos - ids.data, ids.data];
  header.forEach((v, k) => out.u4At(32 + 4 * k, v));
  stringOff.forEach((off, k) => out.u4At(ids.string + 4 * k, off));
  p.typeList.forEach((t, k) => out.u4At(ids.type + 4 * k, p.si(t)));
  p.protoList.forEach((pr, k) => {
    const at = ids.proto + 12 * k;
    out.u4At(at, p.si(shorty(pr.returns, pr.params)));
    out.u4At(at + 4, p.ti(pr.returns));
    out.u4At(at + 8, pr.params.length ? typeListOff.get(pr.paramIdx.join(','))! : 0);
  });
  // field_id_item and method_id_item: two u2 then a u4
  const u2u2u4 = (at: number, a: number, b: number, c: number) => {
    out.u4At(at, (a | (b << 16)) >>> 0);
    out.u4At(at + 4, c);
  };
  p.fieldList.forEach((f, k) => u2u2u4(ids.field + 8 * k, p.ti(f.owner), p.ti(f.type), p.si(f.name)));
  p.methodList.forEach((m, k) => u2u2u4(ids.method + 8 * k, p.ti(m.owner), p.pi(m), p.si(m.name)));
  [p.ti(cls.type), cls.access, p.ti(cls.superclass), 0, NO_INDEX, 0, classDataOff, 0].forEach((v, k) => out.u4At(ids.classDef + 4 * k, v));

  const dex = Buffer.from(out.bytes);
  createHash('sha1').update(dex.subarray(32)).digest().copy(dex, 12);
  dex.writeUInt32LE(adler32(dex.subarray(12)), 8);
  return dex;
}
