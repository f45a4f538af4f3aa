// Writes a tiny llama-architecture GGUF (v3) model with seeded random F32 weights, so that the
// llamacpp backend can run a real model in tests. Layout per the GGUF spec: header, metadata
// key/values, tensor infos, padding to the alignment, then tensor data (each tensor aligned).
import { writeFileSync } from 'node:fs';
import { randomFor } from '../../src/util/random.ts';

const GGUF_MAGIC = 0x46554747; // "GGUF" read as little-endian uint32
const GGUF_VERSION = 3;
const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;
const ValueType = { Int32: 5, Uint32: 4, Float32: 6, String: 8, Array: 9 } as const;
type ValueType = (typeof ValueType)[keyof typeof ValueType];
// llama.cpp token types
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

export interface TinyModelShape {
  layers: number;
  embedding: number;
  heads: number;
  feedForward: number;
  contextLength: number;
}

type Metadata = [
  key: string,
  type: ValueType,
  value: number | string | { type: ValueType; items: (number | string)[] },
];

class ByteWriter {
  private chunks: Buffer[] = [];
  length = 0;
  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  scalar(type: ValueType, value: number | string): void {
    if (type === ValueType.String) this.string(value as string);
    else if (type === ValueType.Uint32) this.u32(value as number);
    else if (type === ValueType.Int32) this.i32(value as number);
    else this.f32(value as number);
  }
  padTo(alignment: number): void {
    const pad = (alignment - (this.length % alignment)) % alignment;
    if (pad > 0) this.push(Buffer.alloc(pad));
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** A SentencePiece-style vocabulary: unk/bos/eos, the 256 byte-fallback tokens, "▁" and printable ASCII. */
function vocabulary(): { tokens: string[]; scores: number[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_BYTE);
  }
  for (const piece of ['\u2581', ...Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i))]) {
    tokens.push(piece);
    types.push(TOKEN_NORMAL);
  }
  const scores = tokens.map((_, i) => (types[i] === TOKEN_NORMAL ? -i : 0));
  return { tokens, scores, types };
}

/** Writes the model to `path`; the same seed gives the same bytes. */
export function writeTinyLlamaGguf(path: string, seed: number, shape: TinyModelShape): void {
  const { tokens, scores, types } = vocabulary();
  const n = shape.embedding;
  const metadata: Metadata[] = [
    ['general.architecture', ValueType.String, 'llama'],
    ['general.name', ValueType.String, 'ctxbench-tiny'],
    ['general.alignment', ValueType.Uint32, ALIGNMENT],
    ['llama.context_length', ValueType.Uint32, shape.contextLength],
    ['llama.embedding_length', ValueType.Uint32, n],
    ['llama.block_count', ValueType.Uint32, shape.layers],
    ['llama.feed_forward_length', ValueType.Uint32, shape.feedForward],
    ['llama.attention.head_count', ValueType.Uint32, shape.heads],
    ['llama.attention.head_count_kv', ValueType.Uint32, shape.heads],
    ['llama.rope.dimension_count', ValueType.Uint32, n / shape.heads],
    ['llama.attention.layer_norm_rms_epsilon', ValueType.Float32, 1e-5],
    ['tokenizer.ggml.model', ValueType.String, 'llama'],
    ['tokenizer.ggml.tokens', ValueType.Array, { type: ValueType.String, items: tokens }],
    ['tokenizer.ggml.scores', ValueType.Array, { type: ValueType.Float32, items: scores }],
    ['tokenizer.ggml.token_type', ValueType.Array, { type: ValueType.Int32, items: types }],
    ['tokenizer.ggml.unknown_token_id', ValueType.Uint32, 0],
    ['tokenizer.ggml.bos_token_id', ValueType.Uint32, 1],
    ['tokenizer.ggml.eos_token_id', ValueType.Uint32, 2],
  ];
  // Shapes in GGML order: the first dimension is the contiguous one.
  const tensors: [name: string, dims: number[]][] = [['token_embd.weight', [n, tokens.length]]];
  for (let layer = 0; layer < shape.layers; layer++) {
    const block = `blk.${layer}`;
    tensors.push(
      [`${block}.attn_norm.weight`, [n]],
      [`${block}.attn_q.weight`, [n, n]],
      [`${block}.attn_k.weight`, [n, n]],
      [`${block}.attn_v.weight`, [n, n]],
      [`${block}.attn_output.weight`, [n, n]],
      [`${block}.ffn_norm.weight`, [n]],
      [`${block}.ffn_gate.weight`, [n, shape.feedForward]],
      [`${block}.ffn_up.weight`, [n, shape.feedForward]],
      [`${block}.ffn_down.weight`, [shape.feedForward, n]],
    );
  }
  tensors.push(['output_norm.weight', [n]], ['output.weight', [n, tokens.length]]);

  const out = new ByteWriter();
  out.u32(GGUF_MAGIC);
  out.u32(GGUF_VERSION);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, type, value] of metadata) {
    out.string(key);
    out.u32(type);
    if (type === ValueType.Array) {
      const array = value as { type: ValueType; items: (number | string)[] };
      out.u32(array.type);
      out.u64(array.items.length);
      for (const item of array.items) out.scalar(array.type, item);
    } else out.scalar(type, value as number | string);
  }
  const random = randomFor(seed, 'tiny-gguf');
  const data = new ByteWriter();
  for (const [name, dims] of tensors) {
    data.padTo(ALIGNMENT);
    out.string(name);
    out.u32(dims.length);
    for (const dim of dims) out.u64(dim);
    out.u32(GGML_TYPE_F32);
    out.u64(data.length);
    const count = dims.reduce((a, b) => a * b, 1);
    const values = Buffer.alloc(count * 4);
    // Norm weights are 1 (as initialised in training); matrices uniform in [-0.5, 0.5).
    const isNorm = dims.length === 1;
    for (let i = 0; i < count; i++) values.writeFloatLE(isNorm ? 1 : random.next() - 0.5, i * 4);
    data.push(values);
  }
  out.padTo(ALIGNMENT);
  writeFileSync(path, Buffer.concat([out.toBuffer(), data.toBuffer()]));
}
