package web

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nqueens/nqueens/internal/testtool"
)

// The harness of the browser tests (the Test*Browser* of this package).

// startBrowser starts headless Chromium for t, with timeout bounding
// everything t does in it (each test's own: 90 s for a page, four
// minutes for the site's tabs), and fails t if Chromium does not start.
// With -short it skips t; without Debian's chromium it skips, naming the
// package, or fails under CI=true (testtool.Require).
func startBrowser(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser")
	}
	browser := testtool.Require(t, "chromium", "chromium", "chromium-browser")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(1200, 1000),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, timeout)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("cannot start Chromium: %v", err)
	}
	return ctx
}

// screenshotDir returns the directory for screenshots: $NQUEENS_SCREENSHOTS,
// or a temporary one.
func screenshotDir(t *testing.T) string {
	if d := os.Getenv("NQUEENS_SCREENSHOTS"); d != "" {
		return d
	}
	return t.TempDir()
}
