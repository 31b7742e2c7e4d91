/**
 * The one EVM instruction walker (pure) for every reader of runtime code: capabilities/index.ts (which
 * opcodes occur) and owner-powers/role-ids.ts (which 32-byte constants are pushed). PUSH1..PUSH32
 * carry 1..32 bytes of data after the opcode; stepping over them is what tells an 0xff of a mask
 * from a SELFDESTRUCT. PUSH0 (0x5f) carries none. Code is lowercase or uppercase hex without `0x`;
 * a trailing half byte is not an instruction.
 */
export const PUSH1 = 0x60;
export const PUSH32 = 0x7f;

/** Bytes the instruction with opcode `op` takes, its immediate included. */
export const instructionSize = (op: number) => (op >= PUSH1 && op <= PUSH32 ? op - PUSH1 + 2 : 1);

/** The opcode at byte offset `pc` of `hex`. */
export const opAt = (hex: string, pc: number) => Number.parseInt(hex.slice(pc * 2, pc * 2 + 2), 16);

/** Byte offset of the instruction after the one at `pc`. */
export const nextPc = (hex: string, pc: number) => pc + instructionSize(opAt(hex, pc));

/** Is there a whole instruction byte at `pc`? */
export const inCode = (hex: string, pc: number) => pc * 2 + 2 <= hex.length;

/** The instructions of `hex` from byte `from`, in order: offset and opcode (immediates skipped). */
export function* instructions(hex: string, from = 0): Generator<{ pc: number; op: number }> {
  for (let pc = from; inCode(hex, pc); pc = nextPc(hex, pc)) yield { pc, op: opAt(hex, pc) };
}

/** The `size` bytes pushed by the PUSH at `pc`, as hex (shorter at the end of the code). */
export const immediateAt = (hex: string, pc: number, size: number) =>
  hex.slice((pc + 1) * 2, (pc + 1 + size) * 2);
