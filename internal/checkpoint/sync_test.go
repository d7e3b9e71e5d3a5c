package checkpoint

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// hookSync routes the package's fsyncs through f until the test ends.
func hookSync(t *testing.T, f func(*os.File) error) {
	t.Helper()
	old := fsync
	fsync = f
	t.Cleanup(func() { fsync = old })
}

// TestOpenSyncs: Open fsyncs a new file's header, and a file it cut a
// torn tail from, before it returns; an fsync that fails fails Open.
func TestOpenSyncs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	var synced []int64 // the file's size at each fsync of it
	hookSync(t, func(f *os.File) error {
		if f.Name() == path {
			st, err := f.Stat()
			if err != nil {
				return err
			}
			synced = append(synced, st.Size())
		}
		return f.Sync()
	})
	c, o, err := Open(path, hdr, time.Hour)
	if err != nil || !o.Created {
		t.Fatalf("Open(new) = %+v, %v; want created", o, err)
	}
	head := int64(len(AppendHeader(nil, hdr)))
	if len(synced) != 1 || synced[0] != head {
		t.Errorf("Open(new) fsynced the file at sizes %v; want once, with its %d-byte header", synced, head)
	}
	c.Append(Record{1, 10, 1, 100})
	c.Close()
	// A torn tail is cut off and the cut fsynced.
	af, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	af.Write([]byte("2 20 2"))
	af.Close()
	synced = nil
	c, o, err = Open(path, hdr, time.Hour)
	if err != nil || o.Dropped != len("2 20 2") {
		t.Fatalf("Open(torn) = %+v, %v; want %d bytes dropped", o, err, len("2 20 2"))
	}
	c.Close()
	valid := head + int64(len(AppendRecord(nil, Record{1, 10, 1, 100})))
	if len(synced) == 0 || synced[0] != valid {
		t.Errorf("Open(torn) fsynced the file at sizes %v; want first at %d, the tail cut", synced, valid)
	}

	boom := errors.New("boom")
	hookSync(t, func(*os.File) error { return boom })
	if _, _, err := Open(filepath.Join(t.TempDir(), "new"), hdr, time.Hour); !errors.Is(err, boom) {
		t.Errorf("Open(new) with a failing fsync: error = %v; want %v", err, boom)
	}
}

// TestCloseSyncError: Close returns the error of its last fsync, and
// so does every later Close.
func TestCloseSyncError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	c, _, err := Open(path, hdr, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Append(Record{1, 10, 1, 100}); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	hookSync(t, func(*os.File) error { return boom })
	if err := c.Close(); !errors.Is(err, boom) {
		t.Errorf("Close with a failing fsync = %v; want %v", err, boom)
	}
	if err := c.Close(); !errors.Is(err, boom) {
		t.Errorf("second Close after a failing fsync = %v; want %v", err, boom)
	}
}
