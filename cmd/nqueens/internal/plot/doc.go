// Package plot draws the growth charts of nqueens count: log-scale lines
// of the solutions, unique solutions, nodes and time per board size N,
// one line per method for the nodes and the time, so that the factor by
// which each algorithm grows per step of N is the slope of its line.
//
// A Chart collects the rows of a count as they finish (Add); Series is
// the data drawn, one Series per quantity and method, and Render draws
// it with gonum.org/v1/plot as SVG or PNG. WriteFile replaces a file
// with the chart atomically, so that a reader (a browser reloading the
// file) sees the old chart or the new one, never a part.
//
// The chart has two panels sharing the N axis: the counts (solutions,
// unique solutions, nodes) above and the time below. Both value axes are
// logarithmic with a labelled tick at each power of ten; values of zero
// (N = 2 and 3 have no solutions; the quadrant join reports no nodes)
// cannot be drawn on a log scale and are left out. The output is
// deterministic: the same rows give the same bytes.
package plot
