// A seccomp filter for the sandbox (passed to bubblewrap's --seccomp): the calls that set extended
// attributes fail with EOPNOTSUPP, as on a file system without xattrs (`install` and `cp -p` then
// fall back to a plain chmod; EPERM would make them fail). ACLs and xattrs are metadata the
// host-side reset cannot see (Node has no xattr API) and a candidate could leave on the worker to
// break later candidates (a default ACL on `build/`), so the sandbox cannot create them at all.
// Calls of another ABI than the host's (32-bit, x32) are killed: the filter's numbers are native.
import { openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const AUDIT_ARCH = { x64: 0xc000003e, arm64: 0xc00000b7 } as const;
/** setxattr, lsetxattr, fsetxattr and setxattrat (Linux 6.13+). */
const SETXATTR_CALLS = { x64: [188, 189, 190, 463], arm64: [5, 6, 7, 463] } as const;

const LD_ABS_W = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
/** SECCOMP_RET_ERRNO | EOPNOTSUPP (95 on Linux). */
const RET_ENOTSUP = 0x00050000 | 95;
const X32_BIT = 0x40000000;

function instruction(code: number, jt: number, jf: number, k: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeUInt16LE(code, 0);
  buffer.writeUInt8(jt, 2);
  buffer.writeUInt8(jf, 3);
  buffer.writeUInt32LE(k >>> 0, 4);
  return buffer;
}

/** The compiled filter for this machine, or null on an architecture without a table here. */
export function seccompProgram(arch: string = process.arch): Buffer | null {
  if (arch !== 'x64' && arch !== 'arm64') return null;
  const calls = SETXATTR_CALLS[arch];
  const program: Buffer[] = [
    instruction(LD_ABS_W, 0, 0, 4), // seccomp_data.arch
    instruction(JEQ_K, 1, 0, AUDIT_ARCH[arch]),
    instruction(RET_K, 0, 0, RET_KILL_PROCESS),
    instruction(LD_ABS_W, 0, 0, 0), // seccomp_data.nr
  ];
  // After the checks: [ret allow][ret ENOTSUP]; a check at distance d from "ret ENOTSUP" jumps d - 1.
  const checks = arch === 'x64' ? calls.length + 1 : calls.length;
  if (arch === 'x64') program.push(instruction(JGE_K, checks, 0, X32_BIT));
  calls.forEach((call, index) => program.push(instruction(JEQ_K, calls.length - index, 0, call)));
  program.push(instruction(RET_K, 0, 0, RET_ALLOW), instruction(RET_K, 0, 0, RET_ENOTSUP));
  return Buffer.concat(program);
}

/** A descriptor of the filter's file, which is unlinked as soon as it is open (null: no filter for this machine). */
let programFd: number | null | undefined;

/**
 * An open file descriptor holding the filter (a new one per sandbox, at its start: bwrap reads it to
 * the end), or null. The file is removed once open and reopened through /proc/self/fd, so nothing is
 * left behind, even by a process that is killed.
 */
export function openSeccompFd(): number | null {
  if (programFd === undefined) {
    const program = seccompProgram();
    programFd = null;
    if (program) {
      const file = join(tmpdir(), `ctxbench-seccomp-${process.pid}.bpf`);
      writeFileSync(file, program, { mode: 0o600 });
      try {
        programFd = openSync(file, 'r');
      } finally {
        rmSync(file, { force: true });
      }
    }
  }
  return programFd === null ? null : openSync(`/proc/self/fd/${programFd}`, 'r');
}
