package nqueens_test

import (
	"context"
	"fmt"

	"github.com/nqueens/nqueens"
)

func ExampleCount() {
	res, err := nqueens.Count(context.Background(), 8, nqueens.CountOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Solutions, "solutions,", res.Unique, "unique")
	// Output: 92 solutions, 12 unique
}

func ExampleSolutions() {
	seq, err := nqueens.Solutions(context.Background(), 8, nqueens.SolveOptions{Unique: true, Limit: 3})
	if err != nil {
		panic(err)
	}
	for p := range seq.All() {
		fmt.Println(p)
	}
	// Output:
	// 1 5 8 6 3 7 2 4
	// 1 6 8 3 7 4 2 5
	// 2 4 6 8 3 1 7 5
}

func ExampleSearch_Stats() {
	// The C# tutorial's permutation search: 8! candidates, 92 solutions.
	s, _ := nqueens.Solutions(context.Background(), 8, nqueens.SolveOptions{Method: nqueens.MethodPermutation})
	for range s.All() {
	}
	st := s.Stats()
	fmt.Printf("analyzed %d, found %d\n", st.Candidates, st.Solutions)
	// Output: analyzed 40320, found 92
}

func ExampleParse() {
	p, err := nqueens.Parse("[5,2,6,1,7,4,8,3]")
	if err != nil {
		panic(err)
	}
	fmt.Println(p, nqueens.Validate(p))
	_, err = nqueens.Parse("5 2 6 9 7 4 8 3")
	fmt.Println(err)
	// Output:
	// 5 2 6 1 7 4 8 3 <nil>
	// bad placement: entry 4: column 9 is off an 8-column board
}

func ExampleValidate() {
	p, _ := nqueens.Parse("1 3 5 2 4 6")
	fmt.Println(nqueens.Validate(p))
	// Output: rows 1 and 6: queens at columns 1 and 6 are on the same diagonal
}

func ExampleCanonical() {
	p, _ := nqueens.Parse("5 2 6 1 7 4 8 3")
	fmt.Println(nqueens.Canonical(p), nqueens.ClassSize(p))
	// Output: 2 4 6 8 3 1 7 5 8
}

func ExampleImages() {
	// The solution of 4 is its own image under every turn.
	for _, q := range nqueens.Images(nqueens.Placement{1, 3, 0, 2}) {
		fmt.Println(q)
	}
	// Output:
	// 2 4 1 3
	// 2 4 1 3
	// 2 4 1 3
	// 2 4 1 3
	// 3 1 4 2
	// 3 1 4 2
	// 3 1 4 2
	// 3 1 4 2
}

func ExamplePlacement_Board() {
	fmt.Print(nqueens.Placement{1, 3, 0, 2}.Board())
	// Output:
	//     1   2   3   4
	//   -----------------
	// 1 |   | # |   |   |
	//   -----------------
	// 2 |   |   |   | # |
	//   -----------------
	// 3 | # |   |   |   |
	//   -----------------
	// 4 |   |   | # |   |
	//   -----------------
}
