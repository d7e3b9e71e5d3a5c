// The page's engine. Served by "nqueens serve", the page asks the server
// (api.js): there is none here. "nqueens site" writes in its place the
// WebAssembly engine, which answers the same requests in the browser.
var NQ_ENGINE = null;
