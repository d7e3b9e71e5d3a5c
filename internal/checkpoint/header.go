package checkpoint

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// ReadHeader reads the header line of the checkpoint file read from r,
// and nothing after it: at most MaxHeader+1 bytes are read. A file that
// does not start with a complete header line (including the empty file
// and a header torn while the file was created) fails with ErrForeign,
// one whose header is damaged with ErrCorrupt; an error of r is
// returned as is.
func ReadHeader(r io.Reader) (Header, error) {
	br := bufio.NewReaderSize(io.LimitReader(r, MaxHeader+1), MaxHeader+1)
	line, err := br.ReadSlice('\n')
	switch {
	case err == nil:
	case errors.Is(err, bufio.ErrBufferFull), err == io.EOF:
		if bytes.HasPrefix(line, []byte(Magic+" ")) && len(line) > MaxHeader {
			return Header{}, fmt.Errorf("%w: the header is longer than %d bytes", ErrCorrupt, MaxHeader)
		}
		return Header{}, ErrForeign
	default:
		return Header{}, err
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	if !bytes.HasPrefix(line, []byte(Magic+" ")) {
		return Header{}, ErrForeign
	}
	return parseHeader(line)
}
