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

// keepPerm[m] moves the 64-bit lanes i with bit i of m set to the front
// (as VPERMD dword indices).
DATA keepPerm<>+0(SB)/8, $0x0000000000000000
DATA keepPerm<>+8(SB)/8, $0x0000000000000000
DATA keepPerm<>+16(SB)/8, $0x0000000000000000
DATA keepPerm<>+24(SB)/8, $0x0000000000000000
DATA keepPerm<>+32(SB)/8, $0x0000000100000000
DATA keepPerm<>+40(SB)/8, $0x0000000000000000
DATA keepPerm<>+48(SB)/8, $0x0000000000000000
DATA keepPerm<>+56(SB)/8, $0x0000000000000000
DATA keepPerm<>+64(SB)/8, $0x0000000300000002
DATA keepPerm<>+72(SB)/8, $0x0000000000000000
DATA keepPerm<>+80(SB)/8, $0x0000000000000000
DATA keepPerm<>+88(SB)/8, $0x0000000000000000
DATA keepPerm<>+96(SB)/8, $0x0000000100000000
DATA keepPerm<>+104(SB)/8, $0x0000000300000002
DATA keepPerm<>+112(SB)/8, $0x0000000000000000
DATA keepPerm<>+120(SB)/8, $0x0000000000000000
DATA keepPerm<>+128(SB)/8, $0x0000000500000004
DATA keepPerm<>+136(SB)/8, $0x0000000000000000
DATA keepPerm<>+144(SB)/8, $0x0000000000000000
DATA keepPerm<>+152(SB)/8, $0x0000000000000000
DATA keepPerm<>+160(SB)/8, $0x0000000100000000
DATA keepPerm<>+168(SB)/8, $0x0000000500000004
DATA keepPerm<>+176(SB)/8, $0x0000000000000000
DATA keepPerm<>+184(SB)/8, $0x0000000000000000
DATA keepPerm<>+192(SB)/8, $0x0000000300000002
DATA keepPerm<>+200(SB)/8, $0x0000000500000004
DATA keepPerm<>+208(SB)/8, $0x0000000000000000
DATA keepPerm<>+216(SB)/8, $0x0000000000000000
DATA keepPerm<>+224(SB)/8, $0x0000000100000000
DATA keepPerm<>+232(SB)/8, $0x0000000300000002
DATA keepPerm<>+240(SB)/8, $0x0000000500000004
DATA keepPerm<>+248(SB)/8, $0x0000000000000000
DATA keepPerm<>+256(SB)/8, $0x0000000700000006
DATA keepPerm<>+264(SB)/8, $0x0000000000000000
DATA keepPerm<>+272(SB)/8, $0x0000000000000000
DATA keepPerm<>+280(SB)/8, $0x0000000000000000
DATA keepPerm<>+288(SB)/8, $0x0000000100000000
DATA keepPerm<>+296(SB)/8, $0x0000000700000006
DATA keepPerm<>+304(SB)/8, $0x0000000000000000
DATA keepPerm<>+312(SB)/8, $0x0000000000000000
DATA keepPerm<>+320(SB)/8, $0x0000000300000002
DATA keepPerm<>+328(SB)/8, $0x0000000700000006
DATA keepPerm<>+336(SB)/8, $0x0000000000000000
DATA keepPerm<>+344(SB)/8, $0x0000000000000000
DATA keepPerm<>+352(SB)/8, $0x0000000100000000
DATA keepPerm<>+360(SB)/8, $0x0000000300000002
DATA keepPerm<>+368(SB)/8, $0x0000000700000006
DATA keepPerm<>+376(SB)/8, $0x0000000000000000
DATA keepPerm<>+384(SB)/8, $0x0000000500000004
DATA keepPerm<>+392(SB)/8, $0x0000000700000006
DATA keepPerm<>+400(SB)/8, $0x0000000000000000
DATA keepPerm<>+408(SB)/8, $0x0000000000000000
DATA keepPerm<>+416(SB)/8, $0x0000000100000000
DATA keepPerm<>+424(SB)/8, $0x0000000500000004
DATA keepPerm<>+432(SB)/8, $0x0000000700000006
DATA keepPerm<>+440(SB)/8, $0x0000000000000000
DATA keepPerm<>+448(SB)/8, $0x0000000300000002
DATA keepPerm<>+456(SB)/8, $0x0000000500000004
DATA keepPerm<>+464(SB)/8, $0x0000000700000006
DATA keepPerm<>+472(SB)/8, $0x0000000000000000
DATA keepPerm<>+480(SB)/8, $0x0000000100000000
DATA keepPerm<>+488(SB)/8, $0x0000000300000002
DATA keepPerm<>+496(SB)/8, $0x0000000500000004
DATA keepPerm<>+504(SB)/8, $0x0000000700000006
GLOBL keepPerm<>(SB), RODATA|NOPTR, $512

// func unionDisjointAVX2(o *uint64, b *uint64, n int, pa uint64) int
TEXT ·unionDisjointAVX2(SB), NOSPLIT, $0-40
	MOVQ o+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ pa+24(FP), R9
	VPBROADCASTQ pa+24(FP), Y1
	LEAQ keepPerm<>(SB), R8
	VPXOR Y15, Y15, Y15
	XORQ AX, AX

loop4:
	CMPQ CX, $4
	JLT tail
	VMOVDQU (SI), Y0
	VPAND Y1, Y0, Y2
	VPCMPEQQ Y15, Y2, Y2
	VMOVMSKPD Y2, DX
	VPOR Y1, Y0, Y0
	MOVQ DX, R10
	SHLQ $5, R10
	VMOVDQU (R8)(R10*1), Y3
	VPERMD Y0, Y3, Y0
	VMOVDQU Y0, (DI)(AX*8)
	POPCNTL DX, DX
	ADDQ DX, AX
	ADDQ $32, SI
	SUBQ $4, CX
	JMP loop4

tail:
	TESTQ CX, CX
	JZ done
	MOVQ (SI), DX
	MOVQ DX, R10
	ORQ R9, R10
	MOVQ R10, (DI)(AX*8)
	ANDQ R9, DX
	JNZ next
	INCQ AX

next:
	ADDQ $8, SI
	DECQ CX
	JMP tail

done:
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET
