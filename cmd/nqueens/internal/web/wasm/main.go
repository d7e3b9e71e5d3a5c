//go:build js && wasm

// Command wasm is the engine of the static site that "nqueens site"
// writes: the API of "nqueens serve" (web.NewEngine, the same handlers)
// compiled to WebAssembly and run in a Web Worker of the page. It sets
// the global function nqueensServe(method, target, body, reply), which
// runs one request in memory and calls reply(status, contentType, text,
// done) for each chunk of the answer (each event of a stream, then the
// end), and then calls the global nqueensReady().
//
// "go generate ./cmd/nqueens/internal/web" builds it into
// ../engine/nqueens.wasm.gz, which the nqueens binary embeds.
package main

import (
	"context"
	"syscall/js"

	"github.com/nqueens/nqueens/cmd/nqueens/internal/web"
)

func main() {
	h, err := web.NewEngine(web.Options{})
	if err != nil {
		panic(err) // the zero Options are valid: a bug
	}
	serve := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 4 {
			return "nqueensServe takes 4 arguments"
		}
		method, target, body, reply := args[0].String(), args[1].String(), args[2].String(), args[3]
		go web.ServeMemory(context.Background(), h, method, target, body, func(c web.Chunk) {
			reply.Invoke(c.Status, c.ContentType, string(c.Body), c.Done)
		})
		return nil
	})
	js.Global().Set("nqueensServe", serve)
	if ready := js.Global().Get("nqueensReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
