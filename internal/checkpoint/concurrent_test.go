package checkpoint

import (
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestAppendConcurrent: goroutines appending at once, while the sync
// loop fsyncs every millisecond, leave every record whole: Open reads
// back each of them, with no damaged line. Append shares its buffer and
// the file's dirty flag with Sync, so without its lock records are
// garbled, and go test -race reports the race.
func TestAppendConcurrent(t *testing.T) {
	const writers, each = 8, 60
	h := Header{N: 10, Version: "test-v1", Plan: "conc1", Units: writers * each}
	path := filepath.Join(t.TempDir(), "ck")
	f, _, err := Open(path, h, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				id := w*each + i
				if err := f.Append(Record{id, uint64(id) * 8, uint64(id), 1000 + uint64(id)}); err != nil {
					errs <- err
					return
				}
				if i%8 == 0 {
					time.Sleep(100 * time.Microsecond) // let the sync loop in
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("Append: %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	g, o, err := Open(path, h, 0)
	if err != nil {
		t.Fatalf("Open after concurrent appends: %v", err)
	}
	defer g.Close()
	if len(o.Done) != writers*each || o.Lines != writers*each || o.Dropped != 0 {
		t.Errorf("Open after %d concurrent appends: %d units, %d lines, %d bytes dropped; want %d, %d, 0",
			writers*each, len(o.Done), o.Lines, o.Dropped, writers*each, writers*each)
	}
	for id, r := range o.Done {
		if want := (Record{id, uint64(id) * 8, uint64(id), 1000 + uint64(id)}); r != want {
			t.Errorf("unit %d: record %+v; want %+v", id, r, want)
		}
	}
}
