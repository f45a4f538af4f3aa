// A seccomp filter for the sandbox (passed to bubblewrap's --seccomp). The calls that reach into another process
// (ptrace, process_vm_readv/writev, pidfd_getfd) kill the process that makes them: no test needs them from a
// candidate's code, and the kill (SIGSYS) is the sandbox's own signal of a violation (verdict.ts), where an error the
// program saw could be swallowed. io_uring fails with ENOSYS, as on a kernel without it (libraries fall back to plain
// calls); the calls that set extended attributes fail with EOPNOTSUPP, as on a file system without xattrs (`install`
// and `cp -p` then fall back to a plain chmod; EPERM would make them fail), and the ioctls that set inode flags with
// ENOTTY, as on a file system without them. ACLs, xattrs and inode flags are metadata the host-side reset cannot see
// (Node has no API for them) and a candidate could leave on the worker to break later candidates (a default ACL on
// `build/`), so the sandbox cannot create them at all. A call of another architecture (32-bit) kills the process and
// an x32 call fails: the numbers are native.
import { openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const AUDIT_ARCH = { x64: 0xc000003e, arm64: 0xc00000b7 } as const;
type FilteredArch = keyof typeof AUDIT_ARCH;

const ENOSYS = 38;
const EOPNOTSUPP = 95;

/** The refused calls, each failing with an errno or killing the process (numbers per architecture). */
const REFUSED: { what: string; answer: number | 'kill'; calls: Record<FilteredArch, number[]> }[] = [
  // setxattr, lsetxattr, fsetxattr and setxattrat (Linux 6.13+): as on a file system without xattrs.
  { what: 'extended attributes', answer: EOPNOTSUPP, calls: { x64: [188, 189, 190, 463], arm64: [5, 6, 7, 463] } },
  // io_uring_setup/enter/register: its operations (IORING_OP_SETXATTR among them) pass no filter.
  { what: 'io_uring', answer: ENOSYS, calls: { x64: [425, 426, 427], arm64: [425, 426, 427] } },
  // ptrace, process_vm_readv/writev and pidfd_getfd: reaching into another process (the test runner's
  // stdout, its memory).
  { what: 'other processes', answer: 'kill', calls: { x64: [101, 310, 311, 438], arm64: [117, 270, 271, 438] } },
];

/** The exit status of a process the filter killed, as a shell reports it (128 + SIGSYS). */
export const FILTER_KILL_STATUS = 128 + 31;

const ENOTTY = 25;

/**
 * ioctl's number per architecture, and the requests that set inode flags (`chattr +S`, `+A`, `+d`: the reset cannot see
 * them).
 */
const IOCTL: Record<FilteredArch, number> = { x64: 16, arm64: 29 };
// FS_IOC_SETFLAGS, FS_IOC32_SETFLAGS, FS_IOC_FSSETXATTR: ENOTTY, as on a file system without inode flags.
const INODE_FLAG_REQUESTS = [0x40086602, 0x40046602, 0x401c5820];
/** Offset of the low 32 bits of seccomp_data.args[1] (little-endian): an ioctl's request. */
const ARG1_LOW = 24;

const LD_ABS_W = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO = 0x00050000;
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
  const program: Buffer[] = [
    instruction(LD_ABS_W, 0, 0, 4), // seccomp_data.arch
    instruction(JEQ_K, 1, 0, AUDIT_ARCH[arch]),
    instruction(RET_K, 0, 0, RET_KILL_PROCESS),
    instruction(LD_ABS_W, 0, 0, 0), // seccomp_data.nr
  ];
  // Each check is followed by its own return: a match falls through to it, a miss skips it.
  if (arch === 'x64') program.push(instruction(JGE_K, 0, 1, X32_BIT), instruction(RET_K, 0, 0, RET_ERRNO | EOPNOTSUPP));
  for (const { answer, calls } of REFUSED) {
    const action = answer === 'kill' ? RET_KILL_PROCESS : RET_ERRNO | answer;
    for (const call of calls[arch]) program.push(instruction(JEQ_K, 0, 1, call), instruction(RET_K, 0, 0, action));
  }
  // Any other call but ioctl jumps to the final allow; an ioctl has its request compared.
  program.push(
    instruction(JEQ_K, 0, 1 + 2 * INODE_FLAG_REQUESTS.length, IOCTL[arch]),
    instruction(LD_ABS_W, 0, 0, ARG1_LOW),
  );
  for (const request of INODE_FLAG_REQUESTS)
    program.push(instruction(JEQ_K, 0, 1, request), instruction(RET_K, 0, 0, RET_ERRNO | ENOTTY));
  program.push(instruction(RET_K, 0, 0, RET_ALLOW));
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
