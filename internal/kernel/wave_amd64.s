//go:build amd64 && !purego

#include "textflag.h"

// The four arrays of a waveLevel: c at 0, then l, r and f, each
// (waveCap+8)·4 = 2080 bytes on.
#define OFF_L 2080
#define OFF_R 4160
#define OFF_F 6240

// COMPACT4(base, idx) stores the lanes of Y0–Y3 whose bit is set in R11
// to the four arrays of the waveLevel at base, packed from entry idx on
// (VPERMD with keep8[R11], R9 = &keep8), and adds their number to idx.
// It clobbers R11, R12, Y6 and Y7.
#define COMPACT4(base, idx) \
	MOVQ R11, R12; \
	SHLQ $5, R12; \
	VMOVDQU (R9)(R12*1), Y6; \
	VPERMD Y0, Y6, Y7; \
	VMOVDQU Y7, (base)(idx*4); \
	VPERMD Y1, Y6, Y7; \
	VMOVDQU Y7, OFF_L(base)(idx*4); \
	VPERMD Y2, Y6, Y7; \
	VMOVDQU Y7, OFF_R(base)(idx*4); \
	VPERMD Y3, Y6, Y7; \
	VMOVDQU Y7, OFF_F(base)(idx*4); \
	POPCNTL R11, R11; \
	ADDQ R11, idx

// TAKE is the start of both loops: it loads the frames AX..AX+7 of SI
// (c, l, r, f in Y0–Y3) and sets Y8 to the lanes before BX; takes each
// frame's lowest square b (Y4); writes the frames with squares left back
// to SI from entry CX on; and makes the child's masks c|b (Y0),
// (l|b)<<sh (Y1) and (r|b)>>sh (Y2), with sh at 0(R8). Y14 is zero.
#define TAKE \
	MOVQ BX, R10; \
	SUBQ AX, R10; \
	VMOVQ R10, X8; \
	VPBROADCASTD X8, Y8; \
	VPCMPGTD Y9, Y8, Y8; \
	VMOVDQU (SI)(AX*4), Y0; \
	VMOVDQU OFF_L(SI)(AX*4), Y1; \
	VMOVDQU OFF_R(SI)(AX*4), Y2; \
	VMOVDQU OFF_F(SI)(AX*4), Y3; \
	VPSUBD Y3, Y14, Y4; \
	VPAND Y3, Y4, Y4; \
	VPXOR Y4, Y3, Y3; \
	VPCMPEQD Y14, Y3, Y5; \
	VPANDN Y8, Y5, Y5; \
	VMOVMSKPS Y5, R11; \
	COMPACT4(SI, CX); \
	VPOR Y4, Y0, Y0; \
	VPOR Y4, Y1, Y1; \
	VPSLLD 0(R8), Y1, Y1; \
	VPOR Y4, Y2, Y2; \
	VPSRLD 0(R8), Y2, Y2

// func passAVX2(src, dst *waveLevel, start, end, nd int, a *passArgs) (wi, nd2 int)
//
// Registers: SI src, DI dst, AX i, BX end, CX wi, DX nd, R8 a, R9 keep8;
// Y8 the lanes before end, Y10/Y11 next/next2, Y14 zero, Y15 ones;
// the shift counts are read from a (16 bytes each).
TEXT ·passAVX2(SB), NOSPLIT, $0-64
	MOVQ src+0(FP), SI
	MOVQ dst+8(FP), DI
	MOVQ start+16(FP), AX
	MOVQ end+24(FP), BX
	MOVQ nd+32(FP), DX
	MOVQ a+40(FP), R8
	MOVQ AX, CX
	VPBROADCASTD 32(R8), Y10
	VPBROADCASTD 36(R8), Y11
	LEAQ ·keep8(SB), R9
	VMOVDQU ·iota8(SB), Y9
	VPCMPEQD Y15, Y15, Y15
	VPXOR Y14, Y14, Y14

loop:
	CMPQ AX, BX
	JGE done
	TAKE
	// Y5: attacked squares of the child's row; g = ^Y5.
	VPOR Y1, Y0, Y5
	VPOR Y2, Y5, Y5
	VPOR Y10, Y5, Y5
	VPXOR Y15, Y5, Y3
	// Y6: attacked squares of the row after.
	VPSLLD 16(R8), Y1, Y6
	VPSRLD 16(R8), Y2, Y7
	VPOR Y7, Y6, Y6
	VPOR Y0, Y6, Y6
	VPOR Y11, Y6, Y6
	// Keep the child if neither row is full.
	VPCMPEQD Y15, Y5, Y5
	VPCMPEQD Y15, Y6, Y6
	VPOR Y6, Y5, Y5
	VPANDN Y8, Y5, Y5
	VMOVMSKPS Y5, R11
	COMPACT4(DI, DX)
	ADDQ $8, AX
	JMP loop

done:
	MOVQ CX, wi+48(FP)
	MOVQ DX, nd2+56(FP)
	VZEROUPPER
	RET

// func leafAVX2(src *waveLevel, n int, a *passArgs, acc *[16]uint32) int
//
// Registers: SI src, AX i, BX n, CX wi, R8 a, R9 keep8; Y8 the lanes
// before n, Y10/Y11 the attacks of rows 2 and 1, Y12/Y13 the solution
// and node counters, Y14 zero, Y15 ones.
TEXT ·leafAVX2(SB), NOSPLIT, $0-40
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ a+16(FP), R8
	MOVQ acc+24(FP), DI
	XORQ AX, AX
	XORQ CX, CX
	VPBROADCASTD 32(R8), Y10
	VPBROADCASTD 36(R8), Y11
	LEAQ ·keep8(SB), R9
	VMOVDQU ·iota8(SB), Y9
	VMOVDQU (DI), Y12
	VMOVDQU 32(DI), Y13
	VPCMPEQD Y15, Y15, Y15
	VPXOR Y14, Y14, Y14

leafloop:
	CMPQ AX, BX
	JGE leafdone
	// Row 3's queen b: c2 (Y0), l2 (Y1), r2 (Y2).
	TAKE
	// Y5: attacked in row 2 (nf2 = ^Y5). Y3: rem = ^c2, the two
	// columns left; Y6 lo, Y7 hi.
	VPOR Y1, Y0, Y5
	VPOR Y2, Y5, Y5
	VPOR Y10, Y5, Y5
	VPXOR Y15, Y0, Y3
	VPSUBD Y3, Y14, Y6
	VPAND Y3, Y6, Y6
	VPXOR Y6, Y3, Y7
	// Y1: a1 = rem &^ ((l2|lo)<<sh1 | (r2|hi)>>sh1 | next1).
	VPOR Y6, Y1, Y1
	VPSLLD 16(R8), Y1, Y1
	VPOR Y7, Y2, Y2
	VPSRLD 16(R8), Y2, Y2
	VPOR Y2, Y1, Y1
	VPOR Y11, Y1, Y1
	VPANDN Y3, Y1, Y1
	// Y0: nf2 & lo, Y2: nf2 & hi.
	VPANDN Y6, Y5, Y0
	VPANDN Y7, Y5, Y2
	// Y4: solution with row 2 on lo (nf2&lo | a1&hi == rem),
	// Y5: with row 2 on hi; both cut to the live lanes.
	VPAND Y7, Y1, Y4
	VPOR Y0, Y4, Y4
	VPCMPEQD Y3, Y4, Y4
	VPAND Y8, Y4, Y4
	VPAND Y6, Y1, Y5
	VPOR Y2, Y5, Y5
	VPCMPEQD Y3, Y5, Y5
	VPAND Y8, Y5, Y5
	VPSUBD Y4, Y12, Y12
	VPSUBD Y5, Y12, Y12
	// Nodes: 1 + popcount(nf2) + solutions, per live lane.
	VPSUBD Y8, Y13, Y13
	VPSUBD Y4, Y13, Y13
	VPSUBD Y5, Y13, Y13
	VPCMPEQD Y14, Y0, Y0
	VPANDN Y8, Y0, Y0
	VPSUBD Y0, Y13, Y13
	VPCMPEQD Y14, Y2, Y2
	VPANDN Y8, Y2, Y2
	VPSUBD Y2, Y13, Y13
	ADDQ $8, AX
	JMP leafloop

leafdone:
	VMOVDQU Y12, (DI)
	VMOVDQU Y13, 32(DI)
	MOVQ CX, ret+32(FP)
	VZEROUPPER
	RET
