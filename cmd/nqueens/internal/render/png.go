package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"

	"github.com/nqueens/nqueens"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

var (
	lightRGBA = color.RGBA{0xf0, 0xd9, 0xb5, 0xff}
	darkRGBA  = color.RGBA{0xb5, 0x88, 0x63, 0xff}
	queenRGBA = color.RGBA{0x1b, 0x1b, 0x1b, 0xff}
	rimRGBA   = color.RGBA{0xf8, 0xf8, 0xf8, 0xff}
	smallRGBA = color.RGBA{0xc6, 0x28, 0x28, 0xff}
	// A blocked square (gen's x): grey with a darker cross.
	blockedRGBA = color.RGBA{0x9e, 0x9e, 0x9e, 0xff}
	crossRGBA   = color.RGBA{0x42, 0x42, 0x42, 0xff}
	labelRGBA   = color.RGBA{0x33, 0x33, 0x33, 0xff}
)

// PNG writes cols as a PNG picture; see Image.
func PNG(w io.Writer, cols []int) error { return PNGPartial(w, cols, nil) }

// PNGPartial is PNG for a partial board: rows of -1 have no queen, and
// blocked squares are grey with a cross.
func PNGPartial(w io.Writer, cols []int, blocked []nqueens.Square) error {
	img, err := Image(cols)
	if err != nil {
		return err
	}
	if _, err := blockedSet(len(cols), blocked); err != nil {
		return err
	}
	l := newLayout(len(cols))
	c := l.cell
	for _, s := range blocked {
		sq := image.Rect(l.left+s.Col*c, l.top+s.Row*c, l.left+(s.Col+1)*c, l.top+(s.Row+1)*c)
		draw.Draw(img, sq, image.NewUniform(blockedRGBA), image.Point{}, draw.Src)
		if c >= 6 {
			in := c / 4
			for i := in; i < c-in; i++ {
				for t := range max(1, c/16) {
					img.Set(sq.Min.X+i+t, sq.Min.Y+i, crossRGBA)
					img.Set(sq.Min.X+c-1-i-t, sq.Min.Y+i, crossRGBA)
				}
			}
		}
	}
	return png.Encode(w, img)
}

// Image draws cols: squares, labels and queens, at most about 850 pixels
// across (one pixel per cell at N = 1,000). It returns an error wrapping
// ErrBoard when cols is not a board of side 1 to MaxN with every entry -1
// or a column on the board.
func Image(cols []int) (*image.RGBA, error) {
	if err := check(cols); err != nil {
		return nil, err
	}
	l := newLayout(len(cols))
	img := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	n, c := l.n, l.cell
	for r := range n {
		for col := range n {
			sq := image.Rect(l.left+col*c, l.top+r*c, l.left+(col+1)*c, l.top+(r+1)*c)
			fill := darkRGBA
			if light(r, col) {
				fill = lightRGBA
			}
			draw.Draw(img, sq, image.NewUniform(fill), image.Point{}, draw.Src)
		}
	}
	d := font.Drawer{Dst: img, Src: image.NewUniform(labelRGBA), Face: basicfont.Face7x13}
	for i := range n {
		if !l.labelled(i) {
			continue
		}
		s := ColLabel(i)
		d.Dot = fixed.P(l.left+i*c+c/2-len(s)*charW/2, l.top-pad-2)
		d.DrawString(s)
		s = RowLabel(i)
		d.Dot = fixed.P(l.left-pad-len(s)*charW, l.top+i*c+c/2+charH/2-2)
		d.DrawString(s)
	}
	var z *vector.Rasterizer
	if !l.smallQueen() {
		z = vector.NewRasterizer(c, c)
	}
	for r, col := range cols {
		if col < 0 {
			continue
		}
		sq := image.Rect(l.left+col*c, l.top+r*c, l.left+(col+1)*c, l.top+(r+1)*c)
		if z == nil {
			in := c / 6
			draw.Draw(img, sq.Inset(in), image.NewUniform(smallRGBA), image.Point{}, draw.Src)
			continue
		}
		// A light rim (the glyph grown by 3 units about its centre), then the glyph.
		in := float64(c / 12)
		scale := (float64(c) - 2*in) / 100
		rim := scale * 1.06
		off := in - 3*scale
		glyph(z, c, rim, off)
		z.Draw(img, sq, image.NewUniform(rimRGBA), image.Point{})
		glyph(z, c, scale, in)
		z.Draw(img, sq, image.NewUniform(queenRGBA), image.Point{})
	}
	return img, nil
}

// glyph resets z to side×side and adds the queen polygons scaled by s and
// shifted by off.
func glyph(z *vector.Rasterizer, side int, s, off float64) {
	z.Reset(side, side)
	for _, p := range glyphPolys() {
		z.MoveTo(float32(off+p[0].x*s), float32(off+p[0].y*s))
		for _, q := range p[1:] {
			z.LineTo(float32(off+q.x*s), float32(off+q.y*s))
		}
		z.ClosePath()
	}
}
