package plot

// A Row is one finished count: the board size, the method that counted
// it and what it found. A zero Unique or Nodes means not counted (the
// quadrant join's nodes, --total-only's unique count) or none.
type Row struct {
	Method    string
	N         int
	Solutions uint64
	Unique    uint64
	Nodes     uint64
	Seconds   float64
}

// A Quantity is what a Series measures.
type Quantity string

// The quantities, in the order of the legend.
const (
	Solutions Quantity = "solutions"
	Unique    Quantity = "unique"
	Nodes     Quantity = "nodes"
	Seconds   Quantity = "seconds"
)

// value returns the quantity q of r.
func (r Row) value(q Quantity) float64 {
	switch q {
	case Solutions:
		return float64(r.Solutions)
	case Unique:
		return float64(r.Unique)
	case Nodes:
		return float64(r.Nodes)
	case Seconds:
		return r.Seconds
	}
	panic("plot: unknown quantity " + string(q))
}
