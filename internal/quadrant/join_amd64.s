//go:build amd64 && !purego

#include "textflag.h"

// Popcounts of the nibbles 0..15, twice (one per 128-bit lane of VPSHUFB).
DATA nibbleCount<>+0(SB)/8, $0x0302020102010100
DATA nibbleCount<>+8(SB)/8, $0x0403030203020201
DATA nibbleCount<>+16(SB)/8, $0x0302020102010100
DATA nibbleCount<>+24(SB)/8, $0x0403030203020201
GLOBL nibbleCount<>(SB), RODATA|NOPTR, $32

DATA lowNibbles<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL lowNibbles<>(SB), RODATA|NOPTR, $32

// AND of the 8 chunk entries of the west pattern in the block at SI: the
// 256 lanes of east patterns disjoint from it, in Y0. Chunk c's entry is
// at byte 1024c + 32·(its 5 bits): the second term is in AX, BX, R8..R13.
#define ANDCHAIN \
	VMOVDQU (SI)(AX*1), Y0; \
	VPAND 1024(SI)(BX*1), Y0, Y0; \
	VPAND 2048(SI)(R8*1), Y0, Y0; \
	VPAND 3072(SI)(R9*1), Y0, Y0; \
	VPAND 4096(SI)(R10*1), Y0, Y0; \
	VPAND 5120(SI)(R11*1), Y0, Y0; \
	VPAND 6144(SI)(R12*1), Y0, Y0; \
	VPAND 7168(SI)(R13*1), Y0, Y0

// reg = 32·(bits 5c..5c+4 of the pattern in CX), for c = 1..7: shift is
// 5c-5.
#define CHUNK(shift, reg) \
	MOVQ CX, reg; \
	SHRQ $shift, reg; \
	ANDQ $0x3e0, reg

// Y6 += the popcounts of the four words of Y0 (nibble table lookup, then
// VPSADBW sums the bytes of each word).
#define POPADD \
	VPSRLQ $4, Y0, Y1; \
	VPAND Y13, Y0, Y0; \
	VPAND Y13, Y1, Y1; \
	VPSHUFB Y0, Y12, Y0; \
	VPSHUFB Y1, Y12, Y1; \
	VPADDB Y0, Y1, Y0; \
	VPSADBW Y11, Y0, Y0; \
	VPADDQ Y0, Y6, Y6

// func leafAVX2(tabs *block, nblk int, ws *uint64, nw int, first, last *[4]uint64) uint64
TEXT ·leafAVX2(SB), NOSPLIT, $0-56
	MOVQ ws+16(FP), DX
	MOVQ nw+24(FP), DI
	SHLQ $3, DI
	ADDQ DX, DI
	MOVQ first+32(FP), SI
	VMOVDQU (SI), Y14
	MOVQ last+40(FP), SI
	VMOVDQU (SI), Y15
	VMOVDQU lowNibbles<>(SB), Y13
	VMOVDQU nibbleCount<>(SB), Y12
	VPXOR Y11, Y11, Y11
	VPXOR Y7, Y7, Y7

wloop:
	// The weight shift (popcount of bits 62, 63) in X5, the chunk
	// offsets in AX, BX, R8..R13.
	MOVQ (DX), CX
	MOVQ CX, AX
	SHRQ $62, AX
	POPCNTQ AX, AX
	VMOVQ AX, X5
	MOVQ CX, AX
	SHLQ $5, AX
	ANDQ $0x3e0, AX
	CHUNK(0, BX)
	CHUNK(5, R8)
	CHUNK(10, R9)
	CHUNK(15, R10)
	CHUNK(20, R11)
	CHUNK(25, R12)
	CHUNK(30, R13)
	MOVQ tabs+0(FP), SI
	MOVQ nblk+8(FP), CX
	VPXOR Y6, Y6, Y6

	// The first block, cut to the lanes of first.
	ANDCHAIN
	VPAND Y14, Y0, Y0
	POPADD
	DECQ CX
	JZ wdone
	ADDQ $8192, SI
	CMPQ CX, $1
	JEQ lastblk

mid:
	ANDCHAIN
	POPADD
	ADDQ $8192, SI
	DECQ CX
	CMPQ CX, $1
	JNE mid

lastblk:
	ANDCHAIN
	VPAND Y15, Y0, Y0
	POPADD

wdone:
	// Y7 += Y6 << weight.
	VPSLLQ X5, Y6, Y6
	VPADDQ Y6, Y7, Y7
	ADDQ $8, DX
	CMPQ DX, DI
	JNE wloop

	VEXTRACTI128 $1, Y7, X0
	VPADDQ X0, X7, X0
	VPSHUFD $0x4e, X0, X1
	VPADDQ X1, X0, X0
	VMOVQ X0, AX
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET
