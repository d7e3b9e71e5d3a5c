// Package validate checks N-Queens placements in O(N) memory and O(N) time.
//
// A placement is given as a stream of columns, one per row, in row order.
// The Checker keeps one bit per column and one bit per diagonal of each
// direction: N + 2(2N-1) bits in all, about 0.63 bytes per queen, so a
// 10^7-queen placement is checked in about 6.3 MB whatever its source.
// Nothing is buffered beyond those bits, which lets a caller check a file
// while reading it.
//
// Rows and columns are zero-based. The diagonal of square (r, c) that runs
// down and to the right is r - c + N - 1; the one that runs down and to the
// left is r + c. Both lie in [0, 2N-2].
package validate
