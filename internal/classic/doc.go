// Package classic holds the four teaching algorithms of the tutorials the
// project grew from, each enumerating every solution of the N-Queens
// problem in lexicographic order and counting what it did:
//
//   - Permutation (the C# and Prolog tutorials): generate the N!
//     permutations of the columns, one queen per row and column by
//     construction, and test only the diagonals once a permutation is
//     complete. N = 8 analyzes 40,320 candidates and finds 92.
//   - Matrix (the C++ tutorial): an N×N matrix; for each square of the
//     current row scan the column and both diagonals above it.
//   - Arrays (the Polish and Italian C tutorials): one array for the
//     columns and one for each diagonal direction, indexed by r+c and
//     r−c+N−1, so a square is tested in O(1).
//   - Bitboard: the free squares of a row as the complement of three
//     bit masks (columns, and the two diagonal directions shifted one
//     step per row); the search visits only free squares.
//
// All four report Stats — nodes (queens placed), candidates (squares or
// permutations tested) and solutions — and, when a Trace function is
// given, every step as an Event so a visualizer can replay the search.
// They are written for clarity and instrumentation; the fast counter is
// package kernel.
package classic
