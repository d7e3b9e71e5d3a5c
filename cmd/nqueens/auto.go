package main

import "github.com/nqueens/nqueens"

// autoMethod resolves -method auto for a count of n with opts (and
// -total-only in opts.TotalOnly) by the library's own choice,
// nqueens.ChooseMethod: the command picks what Count(ctx, n,
// CountOptions{}) would, not a copy of it.
func autoMethod(n int, opts nqueens.CountOptions) nqueens.Method {
	opts.Method = nqueens.MethodAuto
	return nqueens.ChooseMethod(n, opts)
}
