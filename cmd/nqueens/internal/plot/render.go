package plot

import (
	"fmt"
	"image/color"
	"io"
	"slices"

	"github.com/nqueens/nqueens/internal/quote"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The size of the chart; PNGs are drawn at dpi.
const (
	width  = 7 * vg.Inch
	height = 7 * vg.Inch
	dpi    = 96
)

// methodColors are the colours of the methods' lines, by the order of
// nqueens.Methods and then Quadrant; other methods cycle through them.
var methodColors = map[string]color.RGBA{
	"bitboard":    {0x1f, 0x77, 0xb4, 0xff},
	"arrays":      {0xff, 0x7f, 0x0e, 0xff},
	"matrix":      {0x2c, 0xa0, 0x2c, 0xff},
	"permutation": {0xd6, 0x27, 0x28, 0xff},
	"quadrant":    {0x94, 0x67, 0xbd, 0xff},
}

var (
	black = color.RGBA{0, 0, 0, 0xff}
	gray  = color.RGBA{0x88, 0x88, 0x88, 0xff}
	white = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// Render draws the chart in format f to w: two panels, the counts above
// and the time below, sharing the N axis, each with its legend.
func (c *Chart) Render(w io.Writer, f Format) error {
	var cw vg.CanvasWriterTo
	switch f {
	case SVG:
		cw = vgsvg.New(width, height)
	case PNG:
		cw = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(dpi))}
	default:
		return fmt.Errorf("plot: unknown format %s", quote.Token(string(f)))
	}
	dc := draw.New(cw)
	dc.SetColor(white)
	dc.Fill(dc.Rectangle.Path())
	counts, times := c.panels()
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Points(8), PadBottom: vg.Points(8),
		PadLeft: vg.Points(8), PadRight: vg.Points(16), PadY: vg.Points(16)}
	if c.Title != "" {
		// The title above both panels, in the top tile's plot.
		counts.Title.Text = c.Title
	}
	cs := plot.Align([][]*plot.Plot{{counts}, {times}}, tiles, dc)
	counts.Draw(cs[0][0])
	times.Draw(cs[1][0])
	_, err := cw.WriteTo(w)
	return err
}

// panels builds the two plots from Series.
func (c *Chart) panels() (counts, times *plot.Plot) {
	counts, times = plot.New(), plot.New()
	counts.Y.Label.Text = "count (log scale)"
	counts.Y.Tick.Marker = decadeTicks{countLabel}
	times.Y.Label.Text = "time (log scale)"
	times.Y.Tick.Marker = decadeTicks{timeLabel}
	var ns, cv, tv []float64
	methods := c.Methods()
	for _, s := range c.Series() {
		p := counts
		if s.Quantity == Seconds {
			p = times
		}
		xys := make(plotter.XYs, len(s.Points))
		for i, pt := range s.Points {
			xys[i] = plotter.XY{X: float64(pt.N), Y: pt.V}
			ns = append(ns, float64(pt.N))
			if p == counts {
				cv = append(cv, pt.V)
			} else {
				tv = append(tv, pt.V)
			}
		}
		points, err := plotter.NewScatter(xys)
		if err != nil {
			panic(err) // the values are finite and positive
		}
		// A line joins consecutive N only: a missing value (zero, or a
		// method that stopped) breaks it.
		var lines []*plotter.Line
		for start := 0; start < len(xys); {
			end := start + 1
			for end < len(xys) && xys[end].X == xys[end-1].X+1 {
				end++
			}
			l, err := plotter.NewLine(xys[start:end])
			if err != nil {
				panic(err)
			}
			lines = append(lines, l)
			start = end
		}
		// Methods drawn earlier get wider lines, so that one hidden
		// under a later method's equal values (arrays and board visit
		// the same nodes) still shows at its edges.
		width := vg.Points(1.25)
		if i := slices.Index(methods, s.Method); i >= 0 {
			width += vg.Points(0.6 * float64(len(methods)-1-i))
		}
		col, shape := style(s)
		points.Color, points.Shape, points.Radius = col, shape, vg.Points(2.5)
		for _, l := range lines {
			l.Color, l.Width = col, width
			p.Add(l)
		}
		p.Add(points)
		p.Legend.Add(s.Label, lines[0], points)
	}
	lo, hi := 0.0, 1.0
	if len(ns) > 0 {
		lo, hi = ns[0], ns[0]
		for _, n := range ns {
			lo, hi = min(lo, n), max(hi, n)
		}
	}
	for _, p := range []*plot.Plot{counts, times} {
		p.X.Label.Text = "N"
		p.X.Min, p.X.Max = lo-0.5, hi+0.5
		p.X.Tick.Marker = nTicks{}
		p.Y.Scale = plot.LogScale{}
		p.Legend.Top, p.Legend.Left = true, true
		p.Legend.XOffs, p.Legend.YOffs = vg.Points(8), vg.Points(-4)
		p.Legend.Padding = vg.Points(2)
		p.Add(plotter.NewGrid())
	}
	counts.Y.Min, counts.Y.Max = decades(cv)
	times.Y.Min, times.Y.Max = decades(tv)
	return counts, times
}

// style returns the colour and the point shape of a series: solutions
// black, unique solutions gray, and a method's nodes and time its
// colour, with triangles for the nodes and circles for the time.
func style(s Series) (color.Color, draw.GlyphDrawer) {
	switch s.Quantity {
	case Unique:
		return gray, draw.SquareGlyph{}
	case Nodes:
		return methodColor(s.Method), draw.TriangleGlyph{}
	case Seconds:
		return methodColor(s.Method), draw.CircleGlyph{}
	}
	return black, draw.CircleGlyph{}
}

// methodColor returns the colour of method m.
func methodColor(m string) color.RGBA {
	if c, ok := methodColors[m]; ok {
		return c
	}
	return gray
}
