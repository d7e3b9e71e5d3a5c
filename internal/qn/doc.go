// Package qn estimates Q(N), the number of solutions of the N-queens
// problem, without counting them: the mean of random descents through
// the first rows, each weighted by the free squares it met and
// multiplied by an exact count of the rows below (Knuth 1975; qn.go
// tells how and why it is unbiased). nqueens.EstimateSolutions and the
// command "nqueens estimate" are its fronts.
//
// It is the value of the count, not its cost: the time and memory a
// count or a search would take are package estimate's.
//
// The commands under cmd/ measure the estimator itself: qnsplit (the
// variance against the depth split) and qncover (how often the 95%
// interval holds Q(N)); docs/SCALING.md quotes them.
package qn
