// host_shim.h: the CUDA words count.cu uses, as C for a host build (see
// host_main.c). A block's threads are POSIX threads that run at once, so
// the shared stack's layout is exercised by concurrent threads; blocks
// run one after the other (__shared__ is a static array, one a block).
#ifndef NQ_HOST_SHIM_H
#define NQ_HOST_SHIM_H

#include <stdint.h>

typedef uint32_t nq_u32;
typedef unsigned long long nq_u64;

#define NQ_EXTERN
#define __global__
#define __shared__ static

struct nq_dim3 {
	nq_u32 x, y, z;
};
extern __thread struct nq_dim3 nq_thread_idx, nq_block_idx;

#define NQ_TID() (nq_thread_idx.x)
#define NQ_POPC(x) ((nq_u32)__builtin_popcount(x))
#define NQ_FETCH_ADD(p, v) __atomic_fetch_add((p), (v), __ATOMIC_RELAXED)

#endif
