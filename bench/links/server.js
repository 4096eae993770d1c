// Loopback server for the link checker benchmark: 16 "hosts" (127.0.0.1 to
// 127.0.0.16, all loopback on Linux) on one port, each answering every
// request for /page/N after DELAY_MS, and any other path at once with 404 (as
// a real site answers a path that does not exist: the checker's soft-404
// probe asks for one per host). Uses only Node's standard library.
//
//   node server.js PORT [DELAY_MS] [HOSTS]
'use strict';
const http = require('http');

const port = Number(process.argv[2] || 18080);
const delay = Number(process.argv[3] || 50);
const hosts = Number(process.argv[4] || 16);
const body = '<!doctype html><html><head><title>Benchmark page</title></head>' +
             '<body><h1 id="top">ok</h1></body></html>';

let requests = 0;
let listening = 0;
for (let i = 1; i <= hosts; i++) {
  const server = http.createServer((req, res) => {
    requests++;
    if (!/^\/page\/\d+$/.test(req.url)) {
      res.writeHead(404, {'Content-Type': 'text/plain', 'Content-Length': 0});
      res.end();
      return;
    }
    setTimeout(() => {
      res.writeHead(200, {'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(body)});
      res.end(req.method === 'HEAD' ? undefined : body);
    }, delay);
  });
  server.keepAliveTimeout = 30000;
  server.maxRequestsPerSocket = 0;
  server.listen(port, `127.0.0.${i}`, () => {
    if (++listening === hosts) {
      console.log(`ready: ${hosts} hosts on port ${port}, ${delay} ms per answer`);
    }
  });
}
process.on('SIGTERM', () => {
  console.log(`served ${requests} requests`);
  process.exit(0);
});
