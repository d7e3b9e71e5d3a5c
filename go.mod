module github.com/nqueens/nqueens

go 1.26.8

require golang.org/x/image v0.48.0

require golang.org/x/sys v0.50.0 // indirect
