package nqueens

// knownCounts are the solutions of the n×n board and those up to
// symmetry, A000170(n) and A002562(n), for n = 0 to 27: every value OEIS
// lists, exact, from complete counts (n = 0: the empty board, one
// solution, one class). TestKnownCounts checks them against
// testdata/a000170.txt and a002562.txt.
var knownCounts = [...][2]uint64{
	{1, 1},                                  // 0
	{1, 1},                                  // 1
	{0, 0},                                  // 2
	{0, 0},                                  // 3
	{2, 1},                                  // 4
	{10, 2},                                 // 5
	{4, 1},                                  // 6
	{40, 6},                                 // 7
	{92, 12},                                // 8
	{352, 46},                               // 9
	{724, 92},                               // 10
	{2680, 341},                             // 11
	{14200, 1787},                           // 12
	{73712, 9233},                           // 13
	{365596, 45752},                         // 14
	{2279184, 285053},                       // 15
	{14772512, 1846955},                     // 16
	{95815104, 11977939},                    // 17
	{666090624, 83263591},                   // 18
	{4968057848, 621012754},                 // 19
	{39029188884, 4878666808},               // 20
	{314666222712, 39333324973},             // 21
	{2691008701644, 336376244042},           // 22
	{24233937684440, 3029242658210},         // 23
	{227514171973736, 28439272956934},       // 24
	{2207893435808352, 275986683743434},     // 25
	{22317699616364044, 2789712466510289},   // 26
	{234907967154122528, 29363495934315694}, // 27
}

// knownSolutions returns the number of solutions of the n×n board, or
// of them up to symmetry when unique, and true, for n = 0 to 27; 0 and
// false for any other n.
func knownSolutions(n int, unique bool) (uint64, bool) {
	if n < 0 || n >= len(knownCounts) {
		return 0, false
	}
	if unique {
		return knownCounts[n][1], true
	}
	return knownCounts[n][0], true
}
