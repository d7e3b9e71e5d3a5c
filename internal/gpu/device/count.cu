// count.cu: the device code of internal/gpu. It counts sub-tasks of the
// kernel's units (internal/kernel) with the same search as the CPU
// kernel's depth-first search and wave: the same node definition, the
// same look-ahead, the same last three rows.
//
// One source, two builds:
//   - for the GPU: scripts/gen-ptx.sh turns it into PTX with clang-19
//     (-x cuda --cuda-device-only -nocudainc -nocudalib), embedded in
//     the Go package as count.ptx and compiled for the card by the
//     driver when the module is loaded;
//   - for the host: host_shim.h defines the CUDA words as C (threads
//     are POSIX threads), and host_main.c runs the kernel over a file of
//     tasks, so that `go test` checks this code against the CPU kernel
//     unit by unit on machines without a GPU.
// So the code is the common subset of C99 and CUDA C++: no templates,
// no references, no C++ casts.
//
// Rows are numbered by level: level j is the free row with j free rows
// left, itself included (kernel.SearchSetup). A row is a 32-bit word,
// bit c column c, so n <= 32; the column word has every bit above
// column n-1 set, so ~(col | ld | rd | mask) is a row's free squares
// without an "& full". Bits shifted past bit 31 are lost, which changes
// nothing: they are off the board.
//
// What the host hands over (the layouts below are mirrored in
// internal/gpu/layout.go, little-endian, and checked there):
//   - nq_unit: one per unit of the batch, its rows' constants by level;
//   - nq_task: one per sub-task, the state of a level entered (the
//     host placed the rows above it);
//   - nq_result: one per sub-task, written once by the thread that
//     counted it. The host sums a unit's sub-tasks (64-bit counters:
//     a sub-task of N = 27 can pass 2^32 nodes).
//
// Counting rules (those of kernel.search, nest and searchWave): a node
// is a free square of a row entered, counted when the row is entered;
// the task's own row is entered. A queen of level j >= 4 is placed (its
// row below entered) only when the row below keeps a free square and,
// for a look-ahead unit, the row below that one too, computed with the
// masks before that row's queen. A queen of level 3 enters row 2
// unconditionally and every square of row 2 enters row 1: the last two
// rows are counted in closed form (two columns are left), as nest does.
// A row-1 square is a node and a solution.

#ifndef NQ_HOST
// Built with -nocudainc: no CUDA headers, so the few CUDA words used
// here are clang's attributes and builtins.
#define NQ_EXTERN extern "C"
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
typedef unsigned int nq_u32;
typedef unsigned long long nq_u64;
#define NQ_TID() __nvvm_read_ptx_sreg_tid_x()
#define NQ_POPC(x) ((nq_u32)__builtin_popcount(x))
#define NQ_FETCH_ADD(p, v) __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)
#else
#include "host_shim.h"
#endif

// NQ_LEVELS bounds the levels of a unit: n <= 32, so m <= 30 free rows,
// levels 1..30.
#define NQ_LEVELS 32

// NQ_BLOCK is the number of threads of a block; the host launches
// exactly this many (the shared stack below is laid out for it).
#define NQ_BLOCK 128

// NQ_STACK is the number of levels a thread can push: a task starts at
// level NQ_STACK + 3 or below (levels 3..1 push nothing). The host
// places the rows above.
#define NQ_STACK 16

// NQ_POLL is the number of steps of a thread's search between two reads
// of the stop flag: a read crosses the bus (mapped host memory), so it
// is rare; 2^20 steps take a few milliseconds on a GPU's thread (not yet
// measured on a device).
#define NQ_POLL (1u << 20)

// One unit's constants, 192 bytes: mask[j] is the squares of level j's
// row that a border queen attacks along a diagonal, shift[j] the
// distance in board rows from level j's row to level j-1's, lookahead
// whether the unit's search uses the look-ahead (kernel.SearchSetup).
typedef struct {
	nq_u32 mask[NQ_LEVELS];
	unsigned char shift[NQ_LEVELS];
	nq_u32 lookahead;
	nq_u32 pad[7];
} nq_unit;

// One sub-task, 24 bytes: unit is an index into the batch's units,
// level the level of the row entered, col/ld/rd the masks of the queens
// above (col with the bits above column n-1 set) shifted to that row,
// free its free squares.
typedef struct {
	nq_u32 unit, level, col, ld, rd, free;
} nq_task;

// One sub-task's counts, 16 bytes.
typedef struct {
	nq_u64 sols, nodes;
} nq_result;

// nq_count counts tasks[begin..end), each thread taking the next task
// from *next (an atomic counter the host sets to 0 before the launch):
// dynamic fetching, so that threads that draw small tasks take more.
// The host launches short batches (a few hundred milliseconds each), and
// a launch stops early when *stop is not 0: each thread reads it before
// taking a task and every NQ_POLL steps of its search, and then returns
// without writing the task in hand (its result stays as the host cleared
// it, which the host never reports: a stopped launch's results are
// dropped). The host sets *stop (pinned host memory mapped into the
// device's address space) when the count is cancelled, so a stop takes
// the longest NQ_POLL steps of a thread, not a launch.
//
// The stack lives in shared memory, laid out stk[slot][word][thread]:
// word w of a thread's frame at slot s is at 4 * ((s * 4 + w) *
// NQ_BLOCK + t) bytes, so the 32 lanes of a warp touch 32 consecutive
// words, one per bank, whatever level each lane is at: no bank
// conflicts on push or pop. (A frame per thread, stk[t][slot][word],
// would put lane t at bank 4*(16*t + ...) mod 32: eight lanes on one
// bank.) 16 slots x 4 words x 128 threads x 4 bytes = 32 KiB a block.
// The current level's masks stay in registers; only a descent writes a
// frame. Whether this beats a stack in local memory (registers spilled
// to L1) was not yet measured on a device.
NQ_EXTERN __global__ void nq_count(const nq_unit *units, const nq_task *tasks,
                                   nq_result *results, nq_u32 begin, nq_u32 end,
                                   nq_u32 *next, const volatile nq_u32 *stop)
{
	__shared__ nq_u32 stk[NQ_STACK][4][NQ_BLOCK];
	const nq_u32 t = NQ_TID();
	for (;;) {
		if (*stop)
			break;
		const nq_u32 i = begin + NQ_FETCH_ADD(next, 1u);
		if (i >= end || i < begin)
			break;
		const nq_task task = tasks[i];
		const nq_unit *u = &units[task.unit];
		const int la = u->lookahead != 0;
		nq_u32 c = task.col, l = task.ld, r = task.rd, f = task.free;
		nq_u32 j = task.level;
		const nq_u32 top = j;
		nq_u64 sols = 0, nodes = NQ_POPC(f);
		if (j == 1) {
			sols = nodes;
			f = 0;
		} else if (j == 2) {
			const nq_u32 sh = u->shift[2];
			while (f != 0) {
				const nq_u32 b = f & (0u - f);
				f ^= b;
				const nq_u32 f1 = ~((c | b) | ((l | b) << sh) | ((r | b) >> sh) | u->mask[1]);
				const nq_u32 k = NQ_POPC(f1);
				nodes += k;
				sols += k;
			}
		} else if (j > NQ_STACK + 3) {
			// The host never sends such a task; count nothing
			// rather than overrun the stack: 0 nodes for a row with
			// free squares, which the host refuses.
			f = 0;
			nodes = 0;
		}
		nq_u32 steps = 0;
		while (j >= 3) {
			if (++steps == NQ_POLL) {
				steps = 0;
				if (*stop)
					return;
			}
			if (f == 0) {
				if (j == top)
					break;
				j++;
				const nq_u32 s = j - 4;
				c = stk[s][0][t];
				l = stk[s][1][t];
				r = stk[s][2][t];
				f = stk[s][3][t];
				continue;
			}
			const nq_u32 b = f & (0u - f);
			f ^= b;
			if (j == 3) {
				// The last three rows: b in row 3, then two
				// columns, lo and hi, for rows 2 and 1. nf2 holds
				// those free in row 2; a1 those free in row 1 once
				// row 2 has its queen in the other column (the
				// diagonals of lo can only reach hi, and those of
				// hi only lo). Row 2 on lo and row 1 on hi is a
				// solution when lo is in nf2 and hi in a1, and the
				// other way round.
				const nq_u32 sh = u->shift[3];
				const nq_u32 c2 = c | b, l2 = (l | b) << sh, r2 = (r | b) >> sh;
				const nq_u32 nf2 = ~(c2 | l2 | r2 | u->mask[2]);
				const nq_u32 rem = ~c2;
				const nq_u32 lo = rem & (0u - rem), hi = rem ^ lo;
				const nq_u32 s2 = u->shift[2];
				const nq_u32 a1 = rem & ~(((l2 | lo) << s2) | ((r2 | hi) >> s2) | u->mask[1]);
				const nq_u32 s = (((nf2 & lo) | (a1 & hi)) == rem) + (((nf2 & hi) | (a1 & lo)) == rem);
				sols += s;
				nodes += NQ_POPC(nf2) + s;
				continue;
			}
			const nq_u32 sh = u->shift[j];
			const nq_u32 cc = c | b, lb = l | b, rb = r | b;
			const nq_u32 nl = lb << sh, nr = rb >> sh;
			const nq_u32 nf = ~(cc | nl | nr | u->mask[j - 1]);
			if (nf == 0)
				continue;
			if (la) {
				const nq_u32 sh2 = sh + u->shift[j - 1];
				if (~(cc | (lb << sh2) | (rb >> sh2) | u->mask[j - 2]) == 0)
					continue;
			}
			nodes += NQ_POPC(nf);
			const nq_u32 s = j - 4;
			stk[s][0][t] = c;
			stk[s][1][t] = l;
			stk[s][2][t] = r;
			stk[s][3][t] = f;
			j--;
			c = cc;
			l = nl;
			r = nr;
			f = nf;
		}
		results[i].sols = sols;
		results[i].nodes = nodes;
	}
}
