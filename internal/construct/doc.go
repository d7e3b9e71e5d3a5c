// Package construct builds one N-Queens solution for every N that has one,
// by an explicit formula: row r's column is computed from r alone in O(1),
// so a solution of any size can be streamed in constant memory.
//
// Solutions exist for N = 1 and every N ≥ 4; N = 2 and N = 3 have none.
// Rows and columns are zero-based throughout the package; WritePerm writes
// one-based columns, the form users read.
//
// # The construction
//
// Let m = ⌊N/2⌋ ≥ 2 and build a solution on the even board of side 2m. If N
// is odd, add a queen in the corner (2m, 2m). Two patterns are used, chosen
// by m mod 3 (equivalently by N mod 6):
//
//	A, for m ≢ 1 (mod 3), i.e. N mod 6 ∈ {0, 1, 4, 5}:
//	    row r < m      → column 2r + 1
//	    row m + r      → column 2r              (0 ≤ r < m)
//	B, for m ≢ 0 (mod 3), used when m ≡ 1 (mod 3), i.e. N mod 6 ∈ {2, 3}:
//	    row r < m      → column a(r) = (2r + m - 1) mod 2m
//	    row 2m - 1 - r → column 2m - 1 - a(r)   (0 ≤ r < m)
//
// A queen (r, c) lies on the down diagonal r - c and the up diagonal r + c.
// For N = 8 (m = 4, pattern B) the columns are 3 5 7 1 6 0 2 4; for N = 6
// (m = 3, pattern A) they are 1 3 5 0 2 4. These are the classical
// constructions published by Pauls (1874) and restated by Bernhardsson
// (1991) and Hoffman, Loessi and Moore (1969); the proof below is ours.
//
// Pattern A is a solution when m ≢ 1 (mod 3). Columns: the first half takes
// the odd columns 1, 3, …, 2m-1 and the second half the even columns 0, 2,
// …, 2m-2, each once. Down diagonals: the first half has r - (2r+1) = -r-1,
// distinct and negative; the second half has (m+r) - 2r = m - r, distinct
// and positive; so no two are equal, and none is 0. Up diagonals: the first
// half has 3r + 1 and the second half 3r + m, distinct within each half;
// 3i + 1 = 3j + m would need m ≡ 1 (mod 3), which is excluded.
//
// Pattern B is a solution when m ≢ 0 (mod 3). The values 2r + m - 1 for
// 0 ≤ r < m are distinct even-step numbers in [m-1, 3m-3], so a(r) takes m
// distinct columns of the parity of m - 1 (reduction mod 2m keeps parity),
// and 2m - 1 - a(r) takes the other parity: all 2m columns once. The second
// half is the first half turned by 180°, which maps down diagonals to down
// diagonals and up to up, so it suffices to check pairs inside the first
// half and pairs across the halves. Write a(r) = 2r + m - 1 - 2m·k(r) with
// k(r) ∈ {0, 1} (1 when the sum wraps).
//   - Inside the first half, rows i < j: a(j) - a(i) = 2(j-i) - 2m·(k(j)-k(i)).
//     With equal k it is 2(j-i) ≠ ±(j-i). With k(j) = 1, k(i) = 0 (k is
//     nondecreasing in r) it is 2(j-i) - 2m, which equals j - i only if
//     j - i = 2m (too large) and equals i - j only if 3(j-i) = 2m, which
//     needs 3 | m.
//   - Across, queen (i, a(i)) against (2m-1-j, 2m-1-a(j)). Same down
//     diagonal means i - a(i) = a(j) - j, i.e. a(i) + a(j) = i + j; with
//     K = k(i) + k(j) this is i + j = 2m(K-1) + 2, impossible for K = 0
//     (negative) and K = 2 (more than 2m-2); K = 1 needs i ≠ j, i + j = 2,
//     and one of them wrapping, 2r ≥ m + 1 with r ≤ 2, so m ≤ 3: m = 2
//     has no row 2 and m = 3 is excluded. Same up diagonal means
//     i + a(i) + a(j) + j = 4m - 2, i.e. 3(i+j) = 2m(K+1): K = 0 and K = 1
//     need 3 | m, and K = 2 gives i + j = 2m, too large.
//   - Down diagonal 0 is empty: a(r) = r needs r = 1 - m < 0 (no wrap) or
//     r = m + 1 > m - 1 (wrap), and the turned half mirrors it.
//
// Every m ≥ 2 is covered: m ≡ 0 uses A, m ≡ 1 uses B, m ≡ 2 could use
// either and uses A. Both patterns leave down diagonal 0 (the main
// diagonal) empty, so for odd N the corner queen (2m, 2m), whose up
// diagonal 4m no other square of the board shares, attacks nothing.
//
// Each pattern is four runs of columns that step by 2 as the row grows
// (Runs). WritePerm walks them and builds each number's text from a prefix
// converted once in 50 numbers and a table of two-digit endings, in its own
// buffer, without fmt and without allocating per number.
package construct
